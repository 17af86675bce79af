#!/usr/bin/env bash
# Fetch every repository of a list (default eval/fetch-list.txt; eval/apply-list.txt has the same first two
# columns) at its pinned commit into DIR (default /work/eval-repos) as DIR/<owner>__<name>. Needs git and
# network access, unless MIRRORS (default /work/.mirror) holds a bare mirror <owner>+<name>/repo with the commit.
# Usage: eval/fetch.sh [DIR] [LIST]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dest="${1:-/work/eval-repos}"
list="${2:-$here/fetch-list.txt}"
mirrors="${MIRRORS:-/work/.mirror}"
mkdir -p "$dest"

# Mirrors may lack their largest blobs (images, recordings): extract every file the mirror has.
extract_from_mirror() { # mirror commit dir
  local index tree
  index="$(mktemp)" tree="$(mktemp)"
  git -C "$1" ls-tree -r "$2" >"$tree"
  GIT_INDEX_FILE="$index" git -C "$1" read-tree "$2"
  awk '$2 == "blob" { print $3 }' "$tree" | git -C "$1" cat-file --batch-check | awk '$2 == "missing" { print $1 }' |
    while read -r sha; do grep -F " $sha	" "$tree" | cut -f2-; done |
    while read -r path; do GIT_INDEX_FILE="$index" git --git-dir="$1" --work-tree="$3" update-index --force-remove -- "$path"; done
  GIT_INDEX_FILE="$index" git --git-dir="$1" --work-tree="$3" checkout-index -a
  rm -f "$index" "$tree"
}

grep -v '^#' "$list" | while read -r repo commit _rest; do
  [ -n "$repo" ] || continue
  dir="$dest/${repo/\//__}"
  if [ -d "$dir" ]; then echo "have $dir"; continue; fi
  mirror="$mirrors/${repo/\//+}/repo"
  if git -C "$mirror" cat-file -e "$commit^{commit}" 2>/dev/null; then
    echo "extract $repo @ $commit from $mirror"
    mkdir -p "$dir"
    extract_from_mirror "$mirror" "$commit" "$(cd "$dir" && pwd)"
    continue
  fi
  echo "fetch $repo @ $commit"
  tmp="$(mktemp -d)"
  git init -q "$tmp"
  git -C "$tmp" fetch -q --depth 1 "https://github.com/$repo.git" "$commit"
  mkdir -p "$dir"
  git -C "$tmp" archive FETCH_HEAD | tar -x -C "$dir"
  rm -rf "$tmp"
done
