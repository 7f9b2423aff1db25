#!/usr/bin/env bash
# Makes sure PostgreSQL, RabbitMQ and Redis answer on 127.0.0.1 (installing them from Debian's packages
# when absent), so `npm start` and `npm test` have their servers, and that Debian's Chromium is installed
# (test/e2e/docs/web-form-example.test.ts drives it headless; no browser is downloaded), and that RabbitMQ has the
# services' users (deploy/rabbitmq/broker-users.sh). Safe to run again and again.
set -euo pipefail

log() { printf '[ensure-servers] %s\n' "$*"; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

missing=()
command -v pg_ctlcluster >/dev/null 2>&1 || missing+=(postgresql)
command -v rabbitmq-server >/dev/null 2>&1 || missing+=(rabbitmq-server)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
[ -x /usr/bin/chromium ] || missing+=(chromium)
if [ ${#missing[@]} -gt 0 ]; then
  log "installing ${missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if ! pg_isready -q -h 127.0.0.1 -p 5432; then
  log "starting PostgreSQL"
  as_root pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi
pg_isready -h 127.0.0.1 -p 5432 >/dev/null || { log "PostgreSQL did not start"; exit 1; }
# The tests connect as postgres without a password (trust on loopback, as on the development machines).
psql -h 127.0.0.1 -U postgres -d postgres -Atc 'SELECT 1' >/dev/null 2>&1 || {
  log "cannot connect as postgres@127.0.0.1 without a password: allow trust for loopback in pg_hba.conf"; exit 1; }

if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  log "starting Redis"
  as_root redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no
  for _ in $(seq 1 20); do redis-cli -h 127.0.0.1 ping >/dev/null 2>&1 && break; sleep 0.5; done
fi
redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null || { log "Redis did not start"; exit 1; }

rabbit_up() { (exec 3<>/dev/tcp/127.0.0.1/5672) >/dev/null 2>&1; }
if ! rabbit_up; then
  log "starting RabbitMQ"
  as_root rabbitmq-server -detached || true
  as_root rabbitmqctl await_startup --timeout 120 >/dev/null 2>&1 || true
  for _ in $(seq 1 60); do rabbit_up && break; sleep 1; done
fi
rabbit_up || { log "RabbitMQ did not start"; exit 1; }
# Each service connects as its own broker user (docs/security.md §10.2), made here with the development password;
# the topic permissions are set on npm start's namespace and the tests' (one per jest worker, test/support/test-env.ts).
AMQP_NAMESPACES="crm $(printf 'crmtestw%s ' $(seq 1 8))" RABBITMQCTL="$( [ "$(id -u)" = 0 ] && echo rabbitmqctl || echo sudo rabbitmqctl)" \
  bash "$(dirname "$0")/../deploy/rabbitmq/broker-users.sh" --development
log "PostgreSQL, RabbitMQ and Redis are up"
