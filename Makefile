# sitegen: `make site` builds the docs in Site/ into dist/ and checks them; `make test` runs every test.
# Both install missing Debian packages first (as root), or print the exact command to run.

PACKAGES   := pkg-config libcmark-dev libyaml-dev libxml2-dev
BENCH_PKGS := cmark time
SWIFT      ?= swift
RELEASE_BIN = $(shell $(SWIFT) build -c release --show-bin-path)/sitegen

.PHONY: site test bench deps clean

deps:
	@./scripts/ensure-packages $(PACKAGES)

site: deps
	$(SWIFT) build -c release --product sitegen
	$(RELEASE_BIN) build --site Site --templates Templates --out dist

test: deps
	$(SWIFT) build --product SitegenBundle
	$(SWIFT) test

bench: deps
	@./scripts/ensure-packages $(BENCH_PKGS)
	$(SWIFT) build -c release --product sitegen
	$(SWIFT) build -c release --product sitegen-corpus
	./scripts/bench "$(RELEASE_BIN)"

clean:
	rm -rf .build dist
