#!/usr/bin/env bash
# Replaces the API nodes with a new release one at a time (README: Release and deployment).
#
#   deploy/rolling-deploy.sh RELEASE_DIR PORT [PORT...]
#
# RELEASE_DIR is an unpacked release (release/<name>-<version>.tar.gz; it holds bin/start). The
# script points PLATFORM_ROOT/current at it, then for each PORT in turn restarts that node and waits
# until its /readyz answers 200 before the next one; a node that is not ready within READY_TIMEOUT
# stops the deploy there, the other nodes untouched. Restarting is graceful: on SIGTERM a node fails
# /readyz for SHUTDOWN_DRAIN_MS while it still serves, then stops accepting (nginx passes new
# requests to the other nodes) and finishes what is under way. The new release's migrations run at
# the first node's start (they are backward compatible with the release still running).
#
#   PLATFORM_ROOT  the folder holding the `current` symlink (default /opt/platform)
#   RESTART_NODE   the command that restarts the node of port $1 (default: systemctl restart
#                  platform@$1, deploy/systemd/platform@.service)
#   READY_HOST     where the nodes answer (default 127.0.0.1)
#   READY_TIMEOUT  seconds a node has to become ready (default 120)
#   STATIC_ROOT    where nginx serves the hashed assets from (deploy/nginx/platform.conf): the new
#                  release's assets are published there first, the previous release's kept, so that a
#                  phone holding either index.html finds its chunks (deploy/nginx/publish-assets.sh)
set -euo pipefail

if [ "$#" -lt 2 ]; then
  sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
release="$(cd "$1" && pwd)"
shift
root="${PLATFORM_ROOT:-/opt/platform}"
host="${READY_HOST:-127.0.0.1}"
timeout="${READY_TIMEOUT:-120}"
restart_node() {
  if [ -n "${RESTART_NODE:-}" ]; then "$RESTART_NODE" "$1"; else systemctl restart "platform@$1"; fi
}

if [ ! -x "$release/bin/start" ]; then
  echo "rolling-deploy: $release is not an unpacked release (no bin/start)" >&2
  exit 1
fi
previous="$(readlink "$root/current" || true)"
if [ -n "${STATIC_ROOT:-}" ]; then
  "$(dirname "$0")/nginx/publish-assets.sh" "$release" "$STATIC_ROOT"
  echo "rolling-deploy: assets published to $STATIC_ROOT"
fi
# Switched atomically: a node restarting for any reason from here on starts the new release.
ln -sfn "$release" "$root/current.next"
mv -T "$root/current.next" "$root/current"
echo "rolling-deploy: current -> $release (was ${previous:-nothing})"

for port in "$@"; do
  started=$(date +%s)
  echo "rolling-deploy: node $port: restarting"
  restart_node "$port"
  until [ "$(curl -s -o /dev/null -w '%{http_code}' "http://$host:$port/readyz" || true)" = 200 ]; do
    if [ $(($(date +%s) - started)) -ge "$timeout" ]; then
      echo "rolling-deploy: node $port not ready within ${timeout} s: stopped here; the nodes after it still run the previous release." >&2
      echo "rolling-deploy: to go back, run this script again with ${previous:-the previous release} and the same ports." >&2
      exit 1
    fi
    sleep 0.2
  done
  echo "rolling-deploy: node $port: ready after $(($(date +%s) - started)) s"
done
echo "rolling-deploy: done: $# nodes on $release"
