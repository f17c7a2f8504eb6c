"""Draw the app's PNG icons (home screen, install prompt) from static/icon.svg.

Run after changing the icon: `.venv/bin/python scripts/render_icons.py`. It renders the
SVG in headless Chromium (the one the browser tests use), so the PNGs match the SVG as a
browser draws it; the results are committed in static/icons/.
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from conftest import CHROMIUM_ARGS, chromium_binary  # noqa: E402

SVG = (ROOT / "static" / "icon.svg").read_text()
OUT = ROOT / "static" / "icons"
BACKGROUND = "#f3f6fb"

# name, size in pixels, share of the square the drawing fills, background
ICONS = [
    ("icon-192.png", 192, 1.0, None),
    ("icon-512.png", 512, 1.0, None),
    # Maskable: the launcher may cut it to a circle, so the drawing keeps to the middle 70 %.
    ("maskable-512.png", 512, 0.7, BACKGROUND),
    ("apple-touch-icon.png", 180, 0.86, BACKGROUND),
]


def page_for(size: int, share: float, background: str | None) -> str:
    """A page that is exactly the icon: the SVG centred on its background."""
    drawn = round(size * share)
    fill = background or "transparent"
    svg = SVG.replace("<svg ", f'<svg width="{drawn}" height="{drawn}" ', 1)
    return (
        f"<html><body style='margin:0;width:{size}px;height:{size}px;background:{fill};"
        f"display:grid;place-items:center'>"
        f"<div style='width:{drawn}px;height:{drawn}px'>"
        f"{svg}"
        f"</div></body></html>"
    )


def main() -> None:
    """Write every PNG of ICONS into static/icons/."""
    OUT.mkdir(exist_ok=True)
    binary = chromium_binary()
    launch = {"executable_path": binary, "args": CHROMIUM_ARGS} if binary else {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**launch)  # type: ignore[arg-type]
        for name, size, share, background in ICONS:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(page_for(size, share, background))
            page.screenshot(path=OUT / name, omit_background=background is None)
            page.close()
            print(f"{name}: {size}×{size}")
        browser.close()


if __name__ == "__main__":
    main()
