#!/usr/bin/env python3
"""Check that every local link in a built site points at a file that exists.

Usage: check_links.py SITE_DIR BASE_PATH [BASE_URL]

  SITE_DIR   the built site (e.g. public)
  BASE_PATH  the path the site is served under: "/" or "/journal/"
  BASE_URL   optional origin + base path, e.g. https://someone.github.io/journal/;
             when given, every sitemap <loc> and feed <link href> must start with it

Every .html file is parsed; href, src and srcset (every candidate) on any element
are checked. External links (http:, https:, mailto:, protocol-relative //host)
and fragment-only links are skipped; data:, javascript: and other schemes are
errors. A root-relative URL must start with BASE_PATH. Query and fragment are
dropped, the rest is percent-decoded (UTF-8) and resolved against the page's
URL; "dir/" means "dir/index.html". The target must be a file inside SITE_DIR.

Prints one line per problem ("PAGE: URL -> missing TARGET"), then
"checked N links in M pages, K broken". Exit status: 0 all good, 1 broken links,
2 usage error. Python 3.11, standard library only.
"""

from __future__ import annotations

import os
import posixpath
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from urllib.parse import quote, unquote, urljoin, urlsplit

EXTERNAL_SCHEMES = {"http", "https", "mailto"}
URL_ATTRIBUTES = {"href", "src", "xlink:href"}


class LinkCollector(HTMLParser):
    """Collects (attribute, value) for every URL-bearing attribute."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value is None:
                continue
            if name in URL_ATTRIBUTES:
                self.urls.append(value.strip())
            elif name in ("srcset", "imagesrcset"):
                for candidate in value.split(","):
                    parts = candidate.split()
                    if parts:
                        self.urls.append(parts[0])

    handle_startendtag = handle_starttag


class Checker:
    def __init__(self, site: str, base_path: str, base_url: str | None) -> None:
        self.site = os.path.realpath(site)
        self.base = base_path
        self.base_url = base_url
        self.links = 0
        self.pages = 0
        self.broken = 0
        self._exists: dict[str, bool] = {}

    def report(self, page: str, url: str, problem: str) -> None:
        self.broken += 1
        print(f"{page}: {url} -> {problem}")

    def exists(self, rel: str) -> bool:
        if rel not in self._exists:
            path = os.path.join(self.site, *rel.split("/"))
            self._exists[rel] = os.path.isfile(path)
        return self._exists[rel]

    def check_path(self, page: str, url: str, path: str) -> None:
        """path: decoded, root-relative URL path that starts with the base path."""
        rel = path[len(self.base):]
        if rel == "" or rel.endswith("/"):
            rel += "index.html"
        rel = posixpath.normpath(rel)
        if rel.startswith("../") or rel == ".." or rel.startswith("/"):
            self.report(page, url, f"outside the site ({path})")
        elif not self.exists(rel):
            target = rel
            if os.path.isdir(os.path.join(self.site, *rel.split("/"))):
                target += "/ (a folder: the link needs a trailing slash)"
            self.report(page, url, f"missing {target}")

    def check_html_url(self, page: str, page_url: str, url: str) -> None:
        if url == "" or url.startswith("#"):
            return  # the page itself / a fragment on it
        parts = urlsplit(url)
        if parts.scheme:
            scheme = parts.scheme.lower()
            if scheme not in EXTERNAL_SCHEMES:
                self.links += 1
                self.report(page, url[:80], f"disallowed URL scheme {scheme}:")
            return
        if parts.netloc or url.startswith("//"):
            return  # protocol-relative: another host
        self.links += 1
        if url.startswith("/") and not url.startswith(self.base):
            self.report(page, url, f"not under the base path {self.base}")
            return
        # Resolve against the page's own URL (percent-encoded so urljoin leaves it alone).
        joined = urlsplit(urljoin("http://site" + quote(page_url, safe="/%"), url)).path
        try:
            path = unquote(joined, encoding="utf-8", errors="strict")
        except UnicodeDecodeError:
            self.report(page, url, "invalid percent-encoding (not UTF-8)")
            return
        if not path.startswith(self.base):
            self.report(page, url, f"resolves outside the base path ({path})")
            return
        self.check_path(page, url, path)

    def check_pages(self) -> None:
        html_files = []
        for root, dirs, files in os.walk(self.site):
            dirs.sort()
            for name in sorted(files):
                if name.endswith(".html"):
                    html_files.append(os.path.join(root, name))
        for file in html_files:
            rel = os.path.relpath(file, self.site).replace(os.sep, "/")
            page_url = self.base + rel
            collector = LinkCollector()
            with open(file, encoding="utf-8", errors="replace") as handle:
                collector.feed(handle.read())
            collector.close()
            self.pages += 1
            for url in collector.urls:
                self.check_html_url(rel, page_url, url)

    def check_absolute(self, source: str, url: str) -> None:
        """A sitemap <loc> or feed link: an absolute URL (or, without BASE_URL, a path)."""
        self.links += 1
        url = url.strip()
        if self.base_url:
            if not url.startswith(self.base_url):
                self.report(source, url, f"does not start with {self.base_url}")
                return
            rest = url[len(self.base_url):]
        else:
            parts = urlsplit(url)
            if parts.scheme and parts.scheme.lower() not in ("http", "https"):
                self.report(source, url, f"disallowed URL scheme {parts.scheme}:")
                return
            path = parts.path or "/"
            if not path.startswith(self.base):
                self.report(source, url, f"not under the base path {self.base}")
                return
            rest = path[len(self.base):]
        rest = urlsplit(rest).path
        try:
            path = self.base + unquote(rest, encoding="utf-8", errors="strict")
        except UnicodeDecodeError:
            self.report(source, url, "invalid percent-encoding (not UTF-8)")
            return
        self.check_path(source, url, path)

    def check_xml(self, name: str, extract) -> None:
        file = os.path.join(self.site, name)
        if not os.path.isfile(file):
            print(f"note: no {name} in {self.site}")
            return
        try:
            tree = ET.parse(file)
        except ET.ParseError as error:
            self.broken += 1
            print(f"{name}: not well-formed XML: {error}")
            return
        for url in extract(tree.getroot()):
            self.check_absolute(name, url)


def local_name(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def sitemap_urls(root: ET.Element) -> list[str]:
    return [el.text or "" for el in root.iter() if local_name(el.tag) == "loc"]


def feed_urls(root: ET.Element) -> list[str]:
    return [el.get("href", "") for el in root.iter()
            if local_name(el.tag) == "link" and el.get("href") is not None]


def main(argv: list[str]) -> int:
    if len(argv) not in (3, 4) or argv[1] in ("-h", "--help"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    site, base = argv[1], argv[2]
    base_url = argv[3] if len(argv) == 4 and argv[3] else None
    if not os.path.isdir(site):
        print(f"error: {site} is not a folder", file=sys.stderr)
        return 2
    if not base.startswith("/"):
        base = "/" + base
    if not base.endswith("/"):
        base += "/"
    if base_url:
        if not base_url.endswith("/"):
            base_url += "/"
        if urlsplit(base_url).path != base:
            print(f"warning: BASE_URL path {urlsplit(base_url).path} differs from BASE_PATH {base}")
    checker = Checker(site, base, base_url)
    checker.check_pages()
    checker.check_xml("sitemap.xml", sitemap_urls)
    checker.check_xml("feed.xml", feed_urls)
    print(f"checked {checker.links} links in {checker.pages} pages, {checker.broken} broken")
    return 1 if checker.broken else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
