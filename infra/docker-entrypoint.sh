#!/bin/sh
# The image's entrypoint: one image for every Dukan process, the first argument names it.
#   identity | catalog | sales | loyalty | reporting | expenses | settings   one service (cluster shape)
#   gateway                the cluster's edge on port 5000 (DUKAN_MODE=cluster unless set)
#   all-in-one             the whole of Dukan in one process (the image's default)
#   migrate                every service's migrations, then exit (the cluster's migration job)
#   migrate --wait NAME    exit once NAME's schema is migrated (a pod's init container)
#   db-roles               create or update each service's database role, then exit (before `migrate`)
# Anything else runs as given (`node services/sales/dist/main.js`, `sh`), as docker-compose.yml does.
# DUKAN_NODE_ARGS adds Node flags to every Dukan process (e.g. "--max-old-space-size=384").
set -e
app=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
run() {
  # shellcheck disable=SC2086 # DUKAN_NODE_ARGS is a list of flags
  exec node --import "$app/libs/platform/bin/own-source-maps.mjs" ${DUKAN_NODE_ARGS:-} "$@"
}

case "${1:-}" in
  identity | catalog | sales | loyalty | reporting | expenses | settings)
    service=$1
    shift
    run "$app/services/$service/dist/main.js" "$@"
    ;;
  gateway)
    shift
    export DUKAN_MODE="${DUKAN_MODE:-cluster}"
    run "$app/gateway/dist/main.js" "$@"
    ;;
  all-in-one)
    shift
    export DUKAN_MODE=all-in-one
    run "$app/gateway/dist/main.js" "$@"
    ;;
  migrate)
    shift
    run "$app/gateway/dist/migrate.js" "$@"
    ;;
  db-roles)
    shift
    run "$app/libs/platform/dist/database/provision-roles.js" "$@"
    ;;
  '')
    echo "usage: $0 identity|catalog|sales|loyalty|reporting|expenses|settings|gateway|all-in-one|migrate [--wait SERVICE]|db-roles" >&2
    exit 64
    ;;
  *)
    exec "$@"
    ;;
esac
