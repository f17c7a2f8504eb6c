"""The compiled translation catalogues, made when the app starts if they are missing or stale.

The `.po` catalogues are committed; their compiled `.mo` files are not (docs/translations.md).
`make run` and `make test` compile them, but an app installed any other way (`pip install -e
.`, a wheel, an upgrade by `git pull`) would otherwise serve English only. So the factory
calls `compiled_directory` first: it compiles each `.po` whose `.mo` is missing or older,
beside it when the package folder is writable, else into the instance folder, and answers
the folder Flask-Babel should read. Each file is written whole and then renamed, so worker
processes starting together never read half a catalogue.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

PACKAGED = Path(__file__).resolve().parent / "translations"
"""The committed catalogues: `<code>/LC_MESSAGES/messages.po`."""
DOMAIN = "messages"


def compiled_directory(instance_path: str | Path, source: Path = PACKAGED) -> Path:
    """The folder of up-to-date compiled catalogues: `source` itself, or a copy of its
    compiled files in `instance_path` when `source` cannot be written."""
    if _compile_all(source, source):
        return source
    target = Path(instance_path) / "translations"
    _compile_all(source, target)
    return target


def _compile_all(source: Path, target: Path) -> bool:
    """Compile every stale catalogue of `source` into `target`; False if it cannot write."""
    for po in sorted(source.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        mo = target / po.relative_to(source).with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        try:
            _compile(po, mo)
        except PermissionError:
            return False
    return True


def _compile(po: Path, mo: Path) -> None:
    """Write `mo` from `po`, whole, then rename it into place (fuzzy entries left out)."""
    mo.parent.mkdir(parents=True, exist_ok=True)
    with po.open("rb") as source:
        catalog = read_po(source, locale=po.parent.parent.name, domain=DOMAIN)
    handle, temporary = tempfile.mkstemp(dir=mo.parent, prefix=".messages-", suffix=".mo")
    try:
        with os.fdopen(handle, "wb") as out:
            write_mo(out, catalog)
        os.replace(temporary, mo)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
