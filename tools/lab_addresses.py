"""What ``make lab`` and ``make teacher`` print before JupyterLab starts, and which edition the
browser opens.

    python tools/lab_addresses.py print PORT EN_PATH ZH_PATH [WHAT]   # both editions' addresses
    python tools/lab_addresses.py open EN_PATH ZH_PATH                # the path the browser opens

The Makefile makes the server's token (``JUPYTER_TOKEN``, so that it is not on a command line other
users can read) before it starts JupyterLab, so both addresses are printed with it: the Chinese
edition's address works as it is, not only the English one that JupyterLab prints. The browser
opens the Chinese lesson 00 when the system's language is Chinese (:func:`chinese`).
"""
from __future__ import annotations

import os
import subprocess
import sys


def chinese(environ=None, platform=None) -> bool:
    """True when the Chinese edition should open: ``NBTEACH_LANG`` if set (``zh`` or ``en``), else
    the system's language as a program's messages follow it (``LANGUAGE``, ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG``, first set first; ``zh_CN.UTF-8``, ``zh_TW``, ``zh``), else on macOS
    the first of the user's preferred languages (``zh-Hans-CN``).

    >>> chinese({"LANG": "zh_CN.UTF-8"}, "linux"), chinese({"LANG": "en_GB.UTF-8"}, "linux")
    (True, False)
    >>> chinese({"LANGUAGE": "en_US:zh_CN", "LANG": "zh_CN.UTF-8"}, "linux")
    False
    >>> chinese({"NBTEACH_LANG": "zh", "LANG": "C.UTF-8"}, "linux")
    True
    """
    environ = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    wanted = environ.get("NBTEACH_LANG", "").strip().lower()
    if wanted:
        return wanted.startswith("zh") or wanted in ("chinese", "cn", "中文")
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "").split(":")[0].strip()
        if value and value not in ("C", "POSIX") and not value.startswith("C."):
            return value.lower().startswith("zh")
    if platform == "darwin":
        try:
            out = subprocess.run(["defaults", "read", "-g", "AppleLanguages"], capture_output=True,
                                 text=True, timeout=5).stdout
        except (OSError, subprocess.SubprocessError):
            return False
        first = out.replace("(", " ").replace('"', " ").replace(",", " ").split()
        return bool(first) and first[0].lower().startswith("zh")
    return False


def main(argv) -> int:
    if len(argv) >= 3 and argv[0] == "open":
        print(argv[2] if chinese() else argv[1])
        return 0
    if len(argv) >= 4 and argv[0] == "print":
        port, en, zh = argv[1:4]
        what = argv[4] if len(argv) > 4 else "the lessons"
        token = os.environ.get("JUPYTER_TOKEN", "")
        query = f"?token={token}" if token else ""
        opens = "中文版" if chinese() else "the English lessons"
        print(f"\nStarting JupyterLab on {what}. The browser opens {opens} by itself; if it does not, "
              "open one of these addresses (Ctrl+click it). Stop JupyterLab with Ctrl+C twice.\n"
              f"正在启动 JupyterLab。浏览器会自动打开{'中文版' if chinese() else '英文版'}；如果没有，请打开下面的地址"
              "（按住 Ctrl 单击）。按两次 Ctrl+C 停止。\n"
              f"  English lessons:  http://127.0.0.1:{port}{en}{query}\n"
              f"  中文版 (Chinese): http://127.0.0.1:{port}{zh}{query}\n")
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
