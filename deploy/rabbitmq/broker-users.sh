#!/usr/bin/env bash
# The services' RabbitMQ users and what each may do (docs/security.md §10.2), made or brought up to date: safe to
# run again and again. Runs `rabbitmqctl` as an administrator of the node (RABBITMQCTL, e.g.
# "rabbitmqctl --node rabbit@rabbitmq"), in the virtual host RABBITMQ_VHOST (default /).
#
#   crm-<service>  one user per service: the service connects as it (its AMQP_URL), and every event it publishes
#                  carries it as the AMQP user-id, which RabbitMQ checks against the connection and consumers check
#                  against the service that owns the event's type (docs/events.md §1).
#   permissions    configure, write, read of the namespace's exchanges (<ns>.events, <ns>.dlx), its shared queues
#                  (<ns>.dead-letter, <ns>.changes: every service declares and binds them) and the service's own
#                  queue <ns>.<service>; never another service's queue, nothing outside the namespace. Writing to
#                  <ns>.events (publishing) only for the services that publish events.
#   topic          on <ns>.events, for a service that publishes: write = exactly the routing keys of its events (the
#                  contracts' catalogue, contracts/src/event-catalogue.ts; test/deploy/broker-users.test.ts holds the
#                  lists below equal to it), so one user alone may publish each type; read (bindings) = any.
#
# AMQP_NAMESPACES (space-separated, default crm): the namespaces whose <ns>.events get the topic permissions, and,
# but with --development, the only ones the permissions cover. Passwords: RABBITMQ_<SERVICE>_PASSWORD (e.g.
# RABBITMQ_ACCOUNTS_OPPORTUNITIES_PASSWORD), set on every run (a rotation is a run with the new one).
# --development (scripts/ensure-servers.sh): the permissions cover every namespace (each test run makes its own)
# and a user made here gets the development password, DEV_BROKER_PASSWORD of shared/platform/src/config/config.ts,
# which a process with NODE_ENV=production refuses.
set -euo pipefail

# service|the routing keys it publishes (none: it publishes nothing).
SERVICES=(
  "auth|profile.created profile.updated profile.deactivated profile.reactivated profile.reassignment_requested"
  "leads|lead.created lead.updated lead.deleted lead.converted lead.merged web_form_submission.received leads.records_reassigned"
  "contacts|contact.created contact.updated contact.deleted contact.merged contacts.records_reassigned"
  "import-export|"
  "accounts-opportunities|account.created account.updated account.deleted opportunity.created opportunity.updated opportunity.deleted task.created task.updated task.deleted accounts-opportunities.records_reassigned"
  "audit|"
)
DEV_BROKER_PASSWORD=dev-only-broker-password-not-for-production

development=false
[ "${1:-}" = --development ] && development=true
read -r -a ctl <<<"${RABBITMQCTL:-rabbitmqctl}"
vhost="${RABBITMQ_VHOST:-/}"
read -r -a namespaces <<<"${AMQP_NAMESPACES:-crm}"
log() { printf '[broker-users] %s\n' "$*"; }

if $development; then
  namespace_pattern='[a-z][a-z0-9-]*'
else
  namespace_pattern="($(IFS='|'; echo "${namespaces[*]}"))"
fi

users=$("${ctl[@]}" -q list_users --no-table-headers | cut -f1)
permissions=$("${ctl[@]}" -q list_permissions -p "$vhost" --no-table-headers)
topic_permissions=$("${ctl[@]}" -q list_topic_permissions -p "$vhost" --no-table-headers)

for entry in "${SERVICES[@]}"; do
  service="${entry%%|*}"
  read -r -a types <<<"${entry#*|}"
  user="crm-${service}"
  if $development; then
    password="$DEV_BROKER_PASSWORD"
  else
    variable="RABBITMQ_$(tr 'a-z-' 'A-Z_' <<<"$service")_PASSWORD"
    password="${!variable:?set $variable}"
  fi
  if ! grep -qxF "$user" <<<"$users"; then
    log "adding $user"
    "${ctl[@]}" -q add_user "$user" "$password" >/dev/null
  elif ! $development; then
    "${ctl[@]}" -q change_password "$user" "$password" >/dev/null
  fi

  queues="events|dlx|dead-letter|changes|${service}"
  writes="dlx|dead-letter|changes|${service}"
  [ ${#types[@]} -gt 0 ] && writes="events|${writes}"
  configure="^${namespace_pattern}\\.(${queues})\$"
  write="^${namespace_pattern}\\.(${writes})\$"
  read="^${namespace_pattern}\\.(events|dlx|dead-letter|${service})\$"
  if ! grep -qxF "$(printf '%s\t%s\t%s\t%s' "$user" "$configure" "$write" "$read")" <<<"$permissions"; then
    log "permissions of $user"
    "${ctl[@]}" -q set_permissions -p "$vhost" "$user" "$configure" "$write" "$read" >/dev/null
  fi

  [ ${#types[@]} -eq 0 ] && continue
  escaped=()
  for type in "${types[@]}"; do escaped+=("${type//./\\.}"); done
  routing_keys="^($(IFS='|'; echo "${escaped[*]}"))\$"
  for namespace in "${namespaces[@]}"; do
    if ! grep -qxF "$(printf '%s\t%s\t%s\t%s' "$user" "${namespace}.events" "$routing_keys" '.*')" <<<"$topic_permissions"; then
      log "topic permissions of $user on ${namespace}.events"
      "${ctl[@]}" -q set_topic_permissions -p "$vhost" "$user" "${namespace}.events" "$routing_keys" '.*' >/dev/null
    fi
  done
done
