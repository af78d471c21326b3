"""Small Sphinx fixes for the book's HTML (loaded through ``_config.yml``).

Jupyter Book 1 registers sphinx-thebe's inline configuration script twice on notebook pages,
so the browser reports "Identifier 'THEBE_JS_URL' has already been declared". The book has no
live-code buttons; this extension keeps each script once per page.
"""

from __future__ import annotations


def _script_key(script) -> tuple:
    attributes = getattr(script, "attributes", {}) or {}
    # Inline scripts are registered with filename None or "", so both count as the same.
    return str(getattr(script, "filename", script) or ""), attributes.get("body", "")


def deduplicate_scripts(app, pagename, templatename, context, doctree) -> None:
    scripts = context.get("script_files")
    if not scripts:
        return
    seen, unique = set(), []
    for script in scripts:
        key = _script_key(script)
        if key not in seen:
            seen.add(key)
            unique.append(script)
    context["script_files"] = unique


def setup(app):
    app.connect("html-page-context", deduplicate_scripts, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
