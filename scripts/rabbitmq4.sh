#!/usr/bin/env bash
# A RabbitMQ 4 for the tests (docs/testing.md §2), beside the host's RabbitMQ 3.10 and never in its way: Debian 13's
# rabbitmq-server (4.0) in a debootstrap root, cached outside the checkout (CRM_CACHE_DIR, default
# /var/cache/crm-platform), listening on 127.0.0.1:5673 with a node name, epmd port and distribution ports of its own.
#
#   prepare  make the root once (debootstrap, ~1–3 min; later runs find it and do nothing)
#   start    prepare, start the broker (or find it running), give it the services' users; safe to run again
#   stop     stop the broker and its epmd, unmount the root's /proc
#   status   whether the root is there and the broker answers, and its version
#   test     start, then the messaging suites against it (npm test's rabbitmq4 phase); arguments go to jest
#
# Runs as root (debootstrap, chroot). AMQP_URL for the tests: amqp://guest:guest@127.0.0.1:5673.
set -euo pipefail

cache="${CRM_CACHE_DIR:-/var/cache/crm-platform}"
root="$cache/rabbitmq4-root"
mirror=http://deb.debian.org/debian
suite=trixie
# The host's RabbitMQ has 5672, epmd 4369, distribution 25672 and its CLI tools 35672–35682.
amqp_port=5673
epmd_port=4370
dist_port=25673
node=rabbit4@localhost
here="$(cd "$(dirname "$0")" && pwd)"

log() { printf '[rabbitmq4] %s\n' "$*"; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
# Inside the root, with the node's settings (rabbitmq-env.conf below sets the same for anything the broker runs).
in_root() {
  as_root env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/var/lib/rabbitmq LANG=C.UTF-8 \
    ERL_EPMD_PORT="$epmd_port" ERL_EPMD_ADDRESS=127.0.0.1 RABBITMQ_NODENAME="$node" \
    RABBITMQ_CTL_DIST_PORT_MIN=35690 RABBITMQ_CTL_DIST_PORT_MAX=35699 \
    chroot "$root" "$@"
}
ctl() { in_root rabbitmqctl -n "$node" "$@"; }
answers() { (exec 3<>"/dev/tcp/127.0.0.1/$amqp_port") >/dev/null 2>&1; }
prepared() { [ -f "$root/.crm-prepared" ]; }
# One preparation or start at a time (two checkouts testing at once share the broker, each in its namespaces).
locked() { as_root mkdir -p "$cache"; ( flock 9; "$@" ) 9>>"$cache/rabbitmq4.lock"; }
mount_proc() { mountpoint -q "$root/proc" || as_root mount -t proc proc "$root/proc"; }

prepare() {
  if prepared; then return 0; fi
  local started
  started=$(date +%s)
  command -v debootstrap >/dev/null 2>&1 || {
    log "installing debootstrap"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
  }
  # A root left half made by an interrupted run is made again, from nothing.
  if [ -e "$root" ]; then
    mountpoint -q "$root/proc" && as_root umount "$root/proc"
    as_root rm -rf --one-file-system "$root"
  fi
  log "preparing $root: debootstrap --variant=minbase --include=rabbitmq-server $suite"
  as_root debootstrap --variant=minbase --include=rabbitmq-server "$suite" "$root" "$mirror" >"$cache/rabbitmq4-debootstrap.log" 2>&1 || {
    tail -n 20 "$cache/rabbitmq4-debootstrap.log" >&2
    log "debootstrap failed (whole log: $cache/rabbitmq4-debootstrap.log)"
    exit 1
  }
  as_root touch "$root/.crm-prepared"
  log "prepared in $(( $(date +%s) - started )) s ($(in_root dpkg-query -W -f '${Version}' rabbitmq-server))"
}

# The node's settings, written at every start (a cached root gets the script's current ones).
configure() {
  as_root tee "$root/etc/hosts" >/dev/null <<<'127.0.0.1 localhost'
  as_root tee "$root/etc/rabbitmq/rabbitmq-env.conf" >/dev/null <<EOF
# scripts/rabbitmq4.sh: a node of its own beside the host's RabbitMQ (5672, epmd 4369, distribution 25672).
NODENAME=$node
NODE_IP_ADDRESS=127.0.0.1
NODE_PORT=$amqp_port
DIST_PORT=$dist_port
export ERL_EPMD_PORT=$epmd_port
export ERL_EPMD_ADDRESS=127.0.0.1
export ERL_FLAGS="-kernel inet_dist_use_interface {127,0,0,1}"
export RABBITMQ_CTL_DIST_PORT_MIN=35690
export RABBITMQ_CTL_DIST_PORT_MAX=35699
EOF
  as_root tee "$root/etc/rabbitmq/rabbitmq.conf" >/dev/null <<EOF
listeners.tcp.default = 127.0.0.1:$amqp_port
# A test machine's disk may have less free than the default limit, which blocks publishers.
disk_free_limit.absolute = 200MB
EOF
}

start() {
  prepare
  local started
  started=$(date +%s)
  configure
  mount_proc
  if answers && ctl -q status >/dev/null 2>&1; then
    log "already running on 127.0.0.1:$amqp_port"
  else
    log "starting $node on 127.0.0.1:$amqp_port"
    # In a session of its own: the broker outlives this script (its logs: the root's /var/log/rabbitmq).
    setsid bash "$here/rabbitmq4.sh" serve >/dev/null 2>&1 </dev/null 9>&- &
    ctl -q await_startup --timeout 120 >/dev/null 2>&1 || true
    for _ in $(seq 1 60); do answers && break; sleep 1; done
    answers || { as_root tail -n 30 "$root/var/log/rabbitmq/startup_log" "$root/var/log/rabbitmq/startup_err" >&2; log "RabbitMQ 4 did not start"; exit 1; }
    log "started in $(( $(date +%s) - started )) s ($(ctl -q version 2>/dev/null || echo '?'))"
  fi
  # Every feature flag on, as an upgraded production node would have them (docs/operations.md §9).
  ctl -q enable_feature_flag all >/dev/null
  # The services' users, as scripts/ensure-servers.sh gives the host's RabbitMQ; plus the namespaces of a run
  # with its own bases (AMQP_NAMESPACE=crmx: crmxw1 … crmxw8).
  local namespaces="crm $(printf 'crmtestw%s ' $(seq 1 8))"
  [ -n "${AMQP_NAMESPACE:-}" ] && namespaces+=" $(printf "${AMQP_NAMESPACE}w%s " $(seq 1 8))"
  AMQP_NAMESPACES="${AMQP_NAMESPACES:-$namespaces}" RABBITMQCTL="bash $here/rabbitmq4.sh ctl" \
    bash "$here/../deploy/rabbitmq/broker-users.sh" --development
  log "up on amqp://guest:guest@127.0.0.1:$amqp_port in $(( $(date +%s) - started )) s"
}

stop() {
  if prepared && answers; then
    log "stopping $node"
    ctl -q stop >/dev/null 2>&1 || true
  fi
  # What still runs inside the root (epmd; a broker that would not stop): only processes whose root is this one.
  if [ -d "$root" ]; then
    local pid
    for pid in $(ls /proc | grep -E '^[0-9]+$'); do
      [ "$(as_root readlink "/proc/$pid/root" 2>/dev/null)" = "$root" ] && as_root kill "$pid" 2>/dev/null || true
    done
    sleep 1
    mountpoint -q "$root/proc" && as_root umount "$root/proc"
  fi
  log "stopped"
}

status() {
  if ! prepared; then
    echo "root: not prepared ($root)"
    return 3
  fi
  echo "root: $root ($(in_root dpkg-query -W -f '${Version}' rabbitmq-server))"
  if answers && ctl -q status >/dev/null 2>&1; then
    echo "broker: running on 127.0.0.1:$amqp_port as $node, RabbitMQ $(ctl -q version)"
  else
    echo "broker: not running"
    return 3
  fi
}

# What the rabbitmq4 phase runs (docs/testing.md §2): the platform's messaging suites (consumer and its delivery limit,
# dead-lettering, outbox relay, reconnection, change stream, the embedded bus) and the end-to-end suites that show
# events flowing through the services, failing events dead-lettered, forged ones refused, the change stream read.
# Kept to what differs between RabbitMQ versions, so the phase stays near a minute.
SUITES=(
  shared/platform/test/messaging/
  test/e2e/failing-events.test.ts
  test/e2e/forged-events.test.ts
  test/e2e/change-stream.test.ts
)

run_suites() {
  locked start
  cd "$here/.."
  local jest_started
  jest_started=$(date +%s)
  # AMQP_URL: the broker every test system, helper and global set-up uses (test/support/test-env.ts keeps a value set).
  AMQP_URL="amqp://guest:guest@127.0.0.1:$amqp_port" RABBITMQCTL="bash $here/rabbitmq4.sh ctl" npx jest "$@" "${SUITES[@]}"
  log "suites on RabbitMQ 4 in $(( $(date +%s) - jest_started )) s"
}

case "${1:-}" in
  prepare) locked prepare ;;
  start) locked start ;;
  stop) stop ;;
  status) status ;;
  test) shift; run_suites "$@" ;;
  serve) in_root rabbitmq-server ;; # the broker in the foreground (start runs it detached)
  # rabbitmqctl of the node in the root (deploy/rabbitmq/broker-users.sh's RABBITMQCTL, a test's forced close).
  ctl) shift; mount_proc; ctl "$@" ;;
  *) echo "usage: $0 prepare|start|stop|status|test [jest arguments]|ctl <rabbitmqctl arguments>" >&2; exit 2 ;;
esac
