#!/usr/bin/env bash
# Writes the contacts benchmarks' inputs, reproducibly (the same people every time), into DIR:
# contacts-100k.vcf (100,000 vCard 3.0 cards in one file) and vdir/ (20,000 files of one card).
# They are generated, never committed: make bench writes its own copies in /tmp.
set -eu
dir=${1:?usage: scripts/make-contacts.sh DIR}
swift build -c release --product gridbench >/dev/null
bin=$(swift build -c release --show-bin-path)
mkdir -p "$dir"
"$bin/gridbench" write-contacts "$dir/contacts-100k.vcf" 100000
"$bin/gridbench" write-vdir "$dir/vdir" 20000
echo "wrote $dir/contacts-100k.vcf and $dir/vdir/ (20,000 files)"
