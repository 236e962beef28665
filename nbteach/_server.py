"""nbteach's Jupyter server extension: kernel messages reach the browser without Nagle's delay.

jupyter_server leaves the browser's kernel websocket with Nagle's algorithm on (tornado's
default), so when the kernel answers a slider with several small messages in a row (status,
the widget's echo, the view's update) the next one can wait for the browser's delayed
acknowledgement of the last: a 20-40 ms stall on about half of all moves, the lessons' and a
bare IntSlider -> Label's alike (benchmarks/bench_browser.py: baseline p90 50-55 ms, medians
21-44 ms from run to run; with no delay p90 25 ms, median 18-20 ms). tornado's ``set_nodelay``
is the documented cure (``WebSocketHandler.set_nodelay``).

This module is a server extension (jupyter_server's ``_load_jupyter_server_extension``). The
package installs ``etc/jupyter/jupyter_server_config.d/nbteach.json`` (a data file of the wheel,
also of an editable install), which enables it, so a JupyterHub whose image runs ``pip install
nbteach`` gets it as ``make lab`` does. It takes the kernel connection class the server was
configured with (jupyter_server's own, or the gateway's, or one an administrator set in
``ServerApp.kernel_websocket_connection_class``) and serves a subclass of it whose ``connect``
first sets TCP_NODELAY on the browser's socket: anything else a configured class does is kept.

``import nbteach._server`` imports nothing beyond ``nbteach`` itself (which is light); the
server imports it at start, the kernels never do.
"""
from __future__ import annotations

#: the server's log says this, with the connection class served, when the extension is loaded
LOADED = "nbteach: kernel messages reach the browser without Nagle's delay"


def _jupyter_server_extension_points():
    """jupyter_server's entry point: this module is the extension."""
    return [{"module": "nbteach._server"}]


def no_delay(cls: type) -> type:
    """``cls``, a kernel websocket connection class, with TCP_NODELAY set on the browser's
    socket before it connects; ``cls`` itself when it already does.

    >>> class Connection:
    ...     def connect(self):
    ...         return "connected"
    >>> fast = no_delay(Connection)
    >>> fast.__name__, issubclass(fast, Connection), no_delay(fast) is fast
    ('NoDelayConnection', True, True)
    """
    if getattr(cls, "_nbteach_no_delay", False):
        return cls

    def connect(self):
        self.websocket_handler.set_nodelay(True)
        return super(fast, self).connect()

    name = f"NoDelay{cls.__name__}"
    fast = type(name, (cls,), {"connect": connect, "_nbteach_no_delay": True, "__module__": __name__,
                                "__qualname__": name,
                                "__doc__": f"{cls.__name__}, with TCP_NODELAY on the browser's socket."})
    return fast


def _load_jupyter_server_extension(serverapp) -> None:
    """Serve every kernel websocket with the no-delay connection (the web application's
    settings are read at each connection; the server's trait is what it closes at exit)."""
    fast = no_delay(serverapp.kernel_websocket_connection_class)
    serverapp.kernel_websocket_connection_class = fast
    serverapp.web_app.settings["kernel_websocket_connection_class"] = fast
    serverapp.log.info(f"{LOADED} ({fast.__name__})")
