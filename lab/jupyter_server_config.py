# JupyterLab's server for the lessons (copied into the environment's etc/jupyter by `make lab`,
# `make test` and Binder's postBuild; Jupyter reads it at start).
#
# Kernel messages reach the browser without Nagle's delay. jupyter_server leaves the browser's
# websocket with Nagle's algorithm on (tornado's default), so when the kernel answers a slider
# with several small messages in a row (status, the widget's echo, the view's update) the next
# one can wait for the browser's delayed acknowledgement of the last: a 20-40 ms stall on about
# half of all moves, the lessons' and a bare IntSlider -> Label's alike (benchmarks/bench_browser.py:
# baseline p90 50-55 ms, medians 21-44 ms from run to run; with no delay p90 25 ms, median 18-20 ms).
# tornado's set_nodelay is the documented cure (WebSocketHandler.set_nodelay); the connection
# class is jupyter_server's own, configured as ServerApp.kernel_websocket_connection_class allows.
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection


class NoDelayKernelConnection(ZMQChannelsWebsocketConnection):
    """jupyter_server's kernel websocket connection, with TCP_NODELAY on the browser's socket."""

    def connect(self):
        self.websocket_handler.set_nodelay(True)
        return super().connect()


c.ServerApp.kernel_websocket_connection_class = NoDelayKernelConnection  # noqa: F821 (c: Jupyter's config)
