#!/usr/bin/env bash
# Fetch every repository of eval/fetch-list.txt at its pinned commit into DIR
# (default /work/eval-repos) as DIR/<owner>__<name>. Needs git and network access.
# Usage: eval/fetch.sh [DIR]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dest="${1:-/work/eval-repos}"
mkdir -p "$dest"
grep -v '^#' "$here/fetch-list.txt" | while read -r repo commit _paths; do
  [ -n "$repo" ] || continue
  dir="$dest/${repo/\//__}"
  if [ -d "$dir" ]; then echo "have $dir"; continue; fi
  echo "fetch $repo @ $commit"
  tmp="$(mktemp -d)"
  git init -q "$tmp"
  git -C "$tmp" fetch -q --depth 1 "https://github.com/$repo.git" "$commit"
  mkdir -p "$dir"
  git -C "$tmp" archive FETCH_HEAD | tar -x -C "$dir"
  rm -rf "$tmp"
done
