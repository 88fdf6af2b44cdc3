"""FigureWidget: plotly's FigureWidget without a copy of plotly's JavaScript in every figure.

plotly's FigureWidget is an anywidget whose `_esm` trait holds plotly's whole bundle (5 MB).
A notebook that stores its widget state (JupyterLab's "save widget state", nbconvert's
`store_widget_state`) keeps one copy per figure: a lesson saved 10 to 31 MB, the app 77 MB.

Here a figure's `_esm` is a loader of a few hundred bytes, and the bundle travels once per page
from the kernel: one hidden widget per kernel, PlotlyBundle, sends it as the binary buffer of a
custom message (custom messages are no widget state, so no saved notebook holds them) when it
is made, and again to a page that asks (a page opened later: voila, a reload). The page imports
it once and every figure's loader hands anywidget plotly's own widget code from that import;
nothing is fetched from a server or the network, and page and kernel agree on plotly's version.

A page handles its kernel's messages one after another, so a figure must not wait for an answer
still to come (the answer would queue behind the figure's own messages). A figure made once the
bundle is on the page waits for the import, and anywidget holds its messages meanwhile, as
plotly's own loader does; a figure made before (the first figures of a page opened later) draws
when the answer comes, from its synced state, which update_figure and replace_figure keep
current (controls.refresh_snapshot): an edit made in that second another way is not drawn.
A figure in a notebook opened without a running kernel stays blank (it had its saved state).

- FigureWidget(figure): use it wherever a widget shows a plotly figure (a go.FigureWidget).
  A figure without layout.separators gets the language's (liarsdice.plots.style.separators:
  a decimal comma in Polish and Czech), as every figure of liarsdice.plots has them.
- plotly_bundle(): the bundle's bytes; RuntimeError, naming plotly's version, if plotly stops
  shipping it as module text (tests/test_notebook_size.py fails then).
"""

from __future__ import annotations

import functools
from typing import Any

import anywidget
import plotly
import plotly.graph_objects as go

from liarsdice.plots.style import separators

ASK = "liarsdice-plotly-bundle?"  # the page's request (a custom message)
ANSWER = "liarsdice-plotly-bundle"  # the kernel's answer: the bundle as its one buffer
_SLOT = f"__liarsdice_plotly_{plotly.__version__}"  # the page's shared import, per plotly version

# Both modules share one slot on the page: a promise of plotly's widget module, resolved once.
_SLOT_JS = f"""\
const KEY = {_SLOT!r};
function slot() {{
  let found = globalThis[KEY];
  if (!found) {{
    let resolve, reject;
    const module = new Promise((yes, no) => {{ resolve = yes; reject = no; }});
    found = globalThis[KEY] = {{ module, resolve, reject, arrived: false }};
  }}
  return found;
}}
"""

# The hidden widget's code: take the bundle when it comes (asking for it unless the page has it)
# and import it.
_BUNDLE_ESM = (
    _SLOT_JS
    + f"""\
export default {{
  initialize({{ model }}) {{
    const shared = slot();
    const take = async (message, buffers) => {{
      if (message?.kind !== {ANSWER!r} || shared.arrived) return;
      shared.arrived = true;
      const url = URL.createObjectURL(new Blob(buffers, {{ type: "text/javascript" }}));
      try {{
        shared.resolve(await import(url));
      }} catch (error) {{
        shared.reject(error);
      }} finally {{
        URL.revokeObjectURL(url);
      }}
    }};
    model.on("msg:custom", take);
    if (!shared.arrived) model.send({{ kind: {ASK!r} }});
    return () => model.off("msg:custom", take);
  }},
}};
"""
)

# A figure's code: plotly's widget from the page's import, made anew for this figure (plotly's
# default export makes one per call). With the bundle on the page, wait for its import (anywidget
# holds the figure's messages meanwhile); without, do not hold them: wait in initialize.
_FIGURE_ESM = (
    _SLOT_JS
    + """\
async function made() {
  const plotly = await slot().module;
  if (typeof plotly.default === "function") return await plotly.default();
  return plotly.default ?? { render: plotly.render };
}
export default async function () {
  if (slot().arrived) return await made();
  let widget;
  return {
    async initialize(context) {
      widget = await made();
      return await widget.initialize?.(context);
    },
    render(context) {
      return widget.render?.(context);
    },
  };
}
"""
)


@functools.cache
def plotly_bundle() -> bytes:
    """Return the module text of plotly's widget (what go.FigureWidget puts in `_esm`)."""
    text = str(go.FigureWidget._esm)
    if text.startswith(("http://", "https://")) or "export" not in text or len(text) < 100_000:
        raise RuntimeError(
            f"plotly {plotly.__version__} changed FigureWidget (its _esm is no longer the "
            "bundle's module text): liarsdice.widgets.figures needs updating"
        )
    return text.encode()


class PlotlyBundle(anywidget.AnyWidget):
    """The hidden widget that sends plotly's bundle to the pages (one per kernel)."""

    _esm = _BUNDLE_ESM

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_msg(self._on_message)
        self.send({"kind": ANSWER}, buffers=[plotly_bundle()])  # to the pages open now

    def _on_message(self, _: object, content: object, buffers: object) -> None:
        """Answer a page's request with the bundle."""
        if isinstance(content, dict) and content.get("kind") == ASK:
            self.send({"kind": ANSWER}, buffers=[plotly_bundle()])


_carrier: PlotlyBundle | None = None


def bundle_widget() -> PlotlyBundle:
    """Return the kernel's PlotlyBundle, made anew if there is none open (Widget.close_all)."""
    global _carrier
    if _carrier is None or _carrier.comm is None:
        plotly_bundle()  # fail here, naming plotly's version, rather than in the browser
        _carrier = PlotlyBundle()
    return _carrier


class FigureWidget(go.FigureWidget):  # type: ignore[misc]  # plotly has no types
    """A go.FigureWidget whose `_esm` is a small loader of the page's one plotly import."""

    _esm = _FIGURE_ESM

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        bundle_widget()  # opened before the figure, so the page asks for the bundle first
        super().__init__(*args, **kwargs)
        if self.layout.separators is None:  # not built by liarsdice.plots: the language's
            self.layout.separators = separators()
