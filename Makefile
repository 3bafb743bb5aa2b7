# sitegen: `make site` builds the docs in Site/ into dist/ and checks them; `make test` runs every test.
# Both install missing Debian packages first (as root), or print the exact command to run.

PACKAGES   := pkg-config libcmark-dev libyaml-dev libmimalloc-dev
# The release binary carries the Swift runtime and Foundation inside (--static-swift-stdlib): it
# starts in a third of the time, which a one-page rebuild feels. It links no FoundationNetworking
# (see Package.swift), so no libcurl either.
BENCH_PKGS := cmark time
SWIFT      ?= swift
RELEASE    := -c release --static-swift-stdlib
RELEASE_BIN = $(shell $(SWIFT) build $(RELEASE) --show-bin-path)/sitegen

.PHONY: site test bench deps clean

deps:
	@./scripts/ensure-packages $(PACKAGES)

site: deps
	$(SWIFT) build $(RELEASE) --product sitegen
	$(RELEASE_BIN) build --site Site --templates Templates --out dist

test: deps
	$(SWIFT) build --product SitegenBundle
	$(SWIFT) test

bench: deps
	@./scripts/ensure-packages $(BENCH_PKGS)
	$(SWIFT) build $(RELEASE) --product sitegen
	$(SWIFT) build $(RELEASE) --product sitegen-corpus
	./scripts/bench "$(RELEASE_BIN)"

clean:
	rm -rf .build dist .dist.sitegen-cache .dist.sitegen-details .dist.sitegen-crawl
