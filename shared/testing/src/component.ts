import {
  commonConfig,
  GATEWAY_ISSUER,
  InternalTokenSigner,
  loadConfig,
  INTERNAL_TOKEN_HEADER,
  mintInternalToken,
  startService,
  type AnyServiceDefinition,
  type Caller,
  type CrmEvent,
  type RunningService,
} from '@crm/platform';
import { profileCreated, type Member } from './callers';
import { EventBus, type EventInput } from './event-bus';
import { DEFAULT_WAIT_MS, eventually } from './eventually';
import { MovableClock } from './movable-clock';
import { StandIns } from './stand-ins';

export interface CallOptions {
  /** Who the gateway says is calling: a caller, null for anonymous, left out for no internal token at all. */
  as?: Caller | null;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is (JSON unless `headers` say otherwise). */
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface Response<T = any> {
  status: number;
  headers: Headers;
  /** Parsed when the answer is JSON, else its text. */
  body: T;
}

/**
 * One service started for real (its own schema in the worker's database, the worker's broker namespace,
 * a free port, a clock the test moves) and nothing else: the gateway is the internal token `call` sends,
 * the other services are the events `publish` sends and the lookups the stand-ins answer. Every event the
 * service publishes is kept for `published`, from the moment before it started.
 */
export class ServiceComponent {
  /** Made by `startComponent`. */
  constructor(
    readonly service: RunningService,
    readonly clock: MovableClock,
    /** The services it calls, stood in for. */
    readonly standIns: StandIns,
    private readonly bus: EventBus,
  ) {}

  /** The gateway's development key: the component checks tokens with the development keys (no INTERNAL_TOKEN_PUBLIC_KEYS in tests). */
  private readonly gateway = new InternalTokenSigner(GATEWAY_ISSUER);

  get name(): string {
    return this.service.name;
  }

  get url(): string {
    return this.service.url;
  }

  /** A request as the gateway forwards it: with the internal token it would mint for this service and `as`. */
  async call<T = any>(method: string, path: string, options: CallOptions = {}): Promise<Response<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.as !== undefined) headers[INTERNAL_TOKEN_HEADER] = await mintInternalToken(this.gateway, this.name, options.as);
    const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(`${this.url}${path}`, { method, headers, body });
    const text = await response.text();
    const parsed = text.length > 0 && (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text;
    return { status: response.status, headers: response.headers, body: parsed as T };
  }

  /** Publishes onto the namespace's exchange as another service would (see `EventBus.publish`); answers the envelope sent. */
  publish(event: EventInput | CrmEvent): Promise<CrmEvent> {
    return this.bus.publish(event);
  }

  /** Waits until the service's inbox holds the event: its handling committed. */
  async handled(event: CrmEvent | string): Promise<void> {
    const id = typeof event === 'string' ? event : event.id;
    await eventually(async () => ((await this.sql('SELECT 1 FROM inbox WHERE message_id = $1', [id])).length > 0 ? true : undefined), `event ${id} handled by ${this.name}`);
  }

  /** Publishes the event and waits until the service has handled it. */
  async deliver(event: EventInput | CrmEvent): Promise<CrmEvent> {
    const sent = await this.publish(event);
    await this.handled(sent);
    return sent;
  }

  /**
   * Delivers an event that was handled before once more (the broker or a relay repeating it), and waits
   * until the consumer has settled it as already handled (its `crm_consumer_events_total` on /metrics).
   */
  async redeliver(event: CrmEvent): Promise<void> {
    const skippedBefore = await this.skippedDeliveries(event.type);
    await this.publish(event);
    await eventually(
      async () => ((await this.skippedDeliveries(event.type)) > skippedBefore ? true : undefined),
      `the repeated ${event.type} ${event.id} skipped by ${this.name}`,
    );
  }

  /** Teaches the service's profile replica the members, as auth's `profile.created` events do. */
  async publishProfiles(...members: Member[]): Promise<void> {
    const sent = await Promise.all(members.map((member) => this.publish(profileCreated(member))));
    await Promise.all(sent.map((event) => this.handled(event)));
  }

  /**
   * The events the service published (every event on the exchange but the harness's own) that match,
   * in arrival order, once there are at least `count` of them.
   */
  published(predicate: (event: CrmEvent) => boolean, options: { count?: number; timeoutMs?: number } = {}): Promise<CrmEvent[]> {
    const count = options.count ?? 1;
    return eventually(
      async () => {
        const matching = this.bus.publishedByOthers().filter(predicate);
        return matching.length >= count ? matching : undefined;
      },
      `${count} event(s) published by ${this.name}: ${predicate.name || predicate.toString()}`,
      options.timeoutMs ?? DEFAULT_WAIT_MS,
    );
  }

  /** Runs SQL on the service's own schema. */
  sql<Row = any>(query: string, parameters: unknown[] = []): Promise<Row[]> {
    return this.service.dataSource.query(query, parameters);
  }

  async stop(): Promise<void> {
    await this.service.stop();
    await this.standIns.stop();
    await this.bus.close();
  }

  /** The consumer's deliveries of `type` skipped as handled before, as the service's metrics count them. */
  private async skippedDeliveries(type: string): Promise<number> {
    const text = await (await fetch(`${this.url}/metrics`)).text();
    const labelled = (line: string) => line.includes(`type="${type}"`) && line.includes('outcome="skipped"');
    const line = text.split('\n').find((candidate) => candidate.startsWith('crm_consumer_events_total{') && labelled(candidate));
    return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
  }
}

/**
 * Starts `definition` as `startService` does in production, with the test process's settings (the
 * worker's servers) and `settings` over them, after binding the harness's capture queue.
 */
export async function startComponent(definition: AnyServiceDefinition, settings: Record<string, string> = {}): Promise<ServiceComponent> {
  const common = loadConfig(commonConfig, { ...process.env, ...settings });
  if (common.AMQP_URL === undefined) throw new Error('A component test runs on the servers: AMQP_URL is not set');
  const bus = await EventBus.open(common.AMQP_URL, common.AMQP_NAMESPACE);
  const standIns = await StandIns.start(definition, common.INTERNAL_TOKEN_PUBLIC_KEYS).catch(async (error: unknown) => {
    await bus.close();
    throw error;
  });
  try {
    if (definition.consumes) await bus.purge(bus.names.queue(definition.name));
    const clock = new MovableClock();
    const service = await startService(definition, { port: 0, env: { ...process.env, ...standIns.settings, ...settings }, clock: clock.now });
    return new ServiceComponent(service, clock, standIns, bus);
  } catch (error) {
    await standIns.stop();
    await bus.close();
    throw error;
  }
}
