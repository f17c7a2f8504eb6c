#!/usr/bin/python3
"""A phone-sized WebKitGTK browser for WebKitWebDriver: a bare window, no toolbar.

Debian's MiniBrowser keeps its window at least 447 px wide (its toolbar), wider than a
phone; this browser is only a web view in a window, so Selenium's window size is the page's
viewport (390×844, or 320 px for reflow). WebKitWebDriver starts it as `webkit_phone.py`
(with WEBKIT_INSPECTOR_SERVER set); it runs on the system's Python, whose PyGObject and
WebKit2 4.1 bindings come from Debian (python3-gi, gir1.2-webkit2-4.1). Console messages
go to its standard output, which the tests read for warnings (tests/browser/engines.py).
`--text-scale=200` doubles the default font sizes, as a reader's setting does. Its data
lives in a throwaway folder (SKYJO_WEBKIT_DATA), so every session starts as a new phone;
the file `offline` in that folder takes the network away (follow_network).
"""

from __future__ import annotations

import os
import sys
import tempfile

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import GLib, Gtk, WebKit2  # noqa: E402

WIDTH, HEIGHT = 390, 844
NOWHERE = "http://127.0.0.1:9"
"""A proxy at a closed port: every request fails as with no network."""


def follow_network(folder: str, data: WebKit2.WebsiteDataManager) -> None:
    """The network is gone while the file `offline` is in the phone's folder (a test makes
    and removes it): every request then goes to a proxy that is not there."""
    gone = [False]

    def look() -> bool:
        now = os.path.exists(os.path.join(folder, "offline"))
        if now != gone[0]:
            gone[0] = now
            if now:
                proxy = WebKit2.NetworkProxySettings.new(NOWHERE, [])
                data.set_network_proxy_settings(WebKit2.NetworkProxyMode.CUSTOM, proxy)
            else:
                data.set_network_proxy_settings(WebKit2.NetworkProxyMode.NO_PROXY, None)
        return True

    GLib.timeout_add(50, look)


def main() -> int:
    """Wait for WebKitWebDriver's session and give it phone-sized windows."""
    Gtk.init(sys.argv)
    # --text-scale=200: the reader's font setting (the default sizes, 16 px and 13 px, x2).
    scales = [arg.split("=", 1)[1] for arg in sys.argv if arg.startswith("--text-scale=")]
    scale = int(scales[-1]) if scales else 100
    folder = os.environ.get("SKYJO_WEBKIT_DATA") or tempfile.mkdtemp(prefix="webkit-phone-")
    data = WebKit2.WebsiteDataManager(
        base_data_directory=os.path.join(folder, "data"),
        base_cache_directory=os.path.join(folder, "cache"),
    )
    context = WebKit2.WebContext(website_data_manager=data)
    follow_network(folder, data)
    context.set_automation_allowed(True)
    windows: list[Gtk.Window] = []

    def closed(window: Gtk.Window) -> None:
        windows.remove(window)
        if not windows:
            Gtk.main_quit()

    def new_view(_session: WebKit2.AutomationSession) -> WebKit2.WebView:
        settings = WebKit2.Settings(
            enable_write_console_messages_to_stdout=True,
            enable_developer_extras=True,
            javascript_can_open_windows_automatically=True,
            default_font_size=16 * scale // 100,
            default_monospace_font_size=13 * scale // 100,
        )
        view = WebKit2.WebView(
            web_context=context, settings=settings, is_controlled_by_automation=True
        )
        window = Gtk.Window()
        window.set_default_size(WIDTH, HEIGHT)
        window.add(view)
        window.connect("destroy", closed)
        view.connect("close", lambda _view: window.destroy())
        windows.append(window)
        window.show_all()
        return view

    def started(_context: WebKit2.WebContext, session: WebKit2.AutomationSession) -> None:
        info = WebKit2.ApplicationInfo()
        info.set_name("SkyjoPhone")
        info.set_version(1, 0, 0)
        session.set_application_info(info)
        session.connect("create-web-view", new_view)

    context.connect("automation-started", started)
    Gtk.main()
    return 0


if __name__ == "__main__":
    sys.exit(main())
