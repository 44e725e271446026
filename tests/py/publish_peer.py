"""Peer for `sealbook league publish`: reads a published league directory with the standard
library only and prints one JSON object.

- csv: council-forecasts.csv as CPython's csv module reads it (header and records);
- manifest: every listed file re-hashed with hashlib (problems: size or SHA-256 differs,
  missing), and every file of the directory the manifest does not list (besides itself);
- pages: every proof/<day>/index.html parsed with html.parser: the text of its <code>
  cells, its script tags (inline ones, and ones loading an outside source), and every href
  (external, or naming a file that does not exist; a bare `?query` names the page itself),
  where a relative href leading out of the league directory is a link to the site beside it
  (the HTTP layout: the pages at `/`, the league at `/data/`), listed apart by the path it
  names from the site's root (`.` for the root itself);
- seals_missing: every line of council-book.jsonl whose seal (and link) no proof page shows.

Usage: python3 -I publish_peer.py DIR
"""

import csv
import hashlib
import html.parser
import json
import os
import sys


class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.codes = []
        self.scripts = 0
        self.outside_scripts = 0
        self.hrefs = []
        self.in_code = False
        self.text = []

    def handle_starttag(self, tag, attrs):
        if tag == "script":
            self.scripts += 1
            if any(k == "src" for k, _ in attrs):
                self.outside_scripts += 1
        if tag == "code":
            self.in_code = True
        for k, v in attrs:
            if k in ("href", "src"):
                self.hrefs.append(v)

    def handle_endtag(self, tag):
        if tag == "code":
            self.in_code = False

    def handle_data(self, data):
        if self.in_code:
            self.codes.append(data)
        self.text.append(data)


def main(d):
    out = {}
    with open(os.path.join(d, "council-forecasts.csv"), newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    out["csv"] = rows

    with open(os.path.join(d, "manifest.json"), "rb") as f:
        manifest = json.load(f)
    problems = []
    listed = set()
    for e in manifest["files"]:
        listed.add(e["path"])
        p = os.path.join(d, *e["path"].split("/"))
        if not os.path.isfile(p):
            problems.append(e["path"] + ": missing")
            continue
        with open(p, "rb") as f:
            b = f.read()
        if len(b) != e["bytes"]:
            problems.append(e["path"] + ": size")
        if hashlib.sha256(b).hexdigest() != e["sha256"]:
            problems.append(e["path"] + ": sha256")
    unlisted = []
    for root, _dirs, files in os.walk(d):
        for name in files:
            rel = os.path.relpath(os.path.join(root, name), d).replace(os.sep, "/")
            if rel != "manifest.json" and rel not in listed:
                unlisted.append(rel)
    out["manifest"] = {
        "league": manifest["league"],
        "methodology_version": manifest["methodology_version"],
        "generator": manifest["generator"],
        "files": len(manifest["files"]),
        "problems": problems,
        "unlisted": sorted(unlisted),
    }

    codes = set()
    pages = []
    bad_links = []
    site_links = set()
    scripts = 0
    outside_scripts = 0
    proof = os.path.join(d, "proof")
    for day in sorted(os.listdir(proof)):
        page = os.path.join(proof, day, "index.html")
        if not os.path.isfile(page):
            continue
        with open(page, encoding="utf-8") as f:
            p = Page()
            p.feed(f.read())
            p.close()
        pages.append(day)
        codes.update(c.strip() for c in p.codes)
        scripts += p.scripts
        outside_scripts += p.outside_scripts
        for h in p.hrefs:
            if "://" in h or h.startswith("/") or h.startswith("//"):
                bad_links.append(day + ": external " + h)
                continue
            path = h.split("#")[0].split("?")[0]
            target = os.path.normpath(os.path.join(proof, day, path or "index.html"))
            if os.path.commonpath([os.path.abspath(d), os.path.abspath(target)]) != os.path.abspath(d):
                site = os.path.normpath(os.path.join(proof, day, path))
                site_links.add(os.path.relpath(site, os.path.dirname(os.path.abspath(d))))
                continue
            if not os.path.isfile(target):
                bad_links.append(day + ": no file " + h)
    out["pages"] = {
        "days": pages,
        "scripts": scripts,
        "outside_scripts": outside_scripts,
        "bad_links": bad_links,
        "site_links": sorted(site_links),
    }

    missing = []
    with open(os.path.join(d, "council-book.jsonl"), "rb") as f:
        for n, line in enumerate(f, 1):
            o = json.loads(line)
            if o["seal"] not in codes or o["link"] not in codes:
                missing.append(n)
    out["seals_missing"] = missing
    json.dump(out, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main(sys.argv[1])
