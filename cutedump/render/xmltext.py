"""XML text escaping: the standard library's ``xml.sax.saxutils.escape`` and ``quoteattr``, the same bytes, without
their import (``xml.sax.saxutils`` loads ``urllib.request``, ~30 ms, more than drawing a picture)."""

from __future__ import annotations


def escape(data: str) -> str:
    """``xml.sax.saxutils.escape(data)``: &, > and < as entities (ampersand first)."""
    return data.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def quoteattr(data: str) -> str:
    """``xml.sax.saxutils.quoteattr(data)``: escaped, newline/CR/tab as character references, then quoted with
    double quotes, or single quotes when the value holds a double quote and no single one (else ``&quot;``)."""
    data = escape(data).replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    if '"' in data:
        if "'" in data:
            return '"%s"' % data.replace('"', "&quot;")
        return "'%s'" % data
    return '"%s"' % data
