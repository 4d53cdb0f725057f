import type { FastifyBaseLogger } from 'fastify';
import { Tenant as TenantSchema, type Tenant } from '@cmp/domain';
import { DEFAULT_MATCH_RULE, MatchRuleSchema, type MatchRule } from '@cmp/domain/forum/forum-contracts';
import { SensitiveWordMatcher } from '@cmp/domain/forum/sensitive-word-matcher';
import type { MessageBus } from '../../platform/bus/message-bus.js';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import * as repo from './forum.repo.js';

const CHANNEL = 'forum_sensitive_words';

interface Built {
  version: number;
  matcher: SensitiveWordMatcher;
}

/**
 * Each tenant's sensitive words as an automaton, built once per version of its list. The version is read
 * with the tenant's rule on every intake (one row), so a process never matches against a list changed
 * elsewhere; the bus only makes the other processes build the new automaton before their next intake
 * needs it.
 */
export class SensitiveWordIndex {
  private readonly built = new Map<Tenant, Built>();
  private readonly building = new Map<Tenant, Promise<Built>>();
  private unsubscribe: (() => Promise<void>) | undefined;

  constructor(
    private readonly db: Db,
    private readonly bus: MessageBus,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.unsubscribe = await this.bus.subscribe(CHANNEL, (payload) => {
      const tenant = TenantSchema.safeParse(payload);
      if (!tenant.success || !this.built.has(tenant.data)) return;
      void this.current(this.db, tenant.data).catch((error: unknown) =>
        this.log.warn({ err: error, tenant: tenant.data }, 'forum: rebuilding the sensitive words failed'),
      );
    });
  }

  async stop(): Promise<void> {
    await this.unsubscribe?.();
  }

  /** Tells the other processes the tenant's list changed (after the change is committed). */
  async changed(tenant: Tenant): Promise<void> {
    await this.bus.publish(CHANNEL, tenant).catch((error: unknown) => {
      this.log.warn({ err: error, tenant }, 'forum: announcing a sensitive word change failed');
    });
  }

  /** The tenant's rule and the automaton of its current list. */
  async current(db: DbOrTx, tenant: Tenant): Promise<{ rule: MatchRule; matcher: SensitiveWordMatcher }> {
    const settings = await repo.settingsOf(db, tenant);
    const version = settings?.wordsVersion ?? 0;
    const rule = MatchRuleSchema.catch(DEFAULT_MATCH_RULE).parse(settings?.matchRule);
    const cached = this.built.get(tenant);
    if (cached && cached.version === version) return { rule, matcher: cached.matcher };
    return { rule, matcher: (await this.build(tenant, version)).matcher };
  }

  private build(tenant: Tenant, version: number): Promise<Built> {
    const pending = this.building.get(tenant);
    if (pending) return pending.then((b) => (b.version >= version ? b : this.build(tenant, version)));
    const work = (async () => {
      // The words are read outside the caller's transaction: the list as committed, at least at `version`.
      const words = await repo.allWords(this.db, tenant);
      const built = { version, matcher: new SensitiveWordMatcher(words) };
      const cached = this.built.get(tenant);
      if (!cached || cached.version <= version) this.built.set(tenant, built);
      return built;
    })().finally(() => this.building.delete(tenant));
    this.building.set(tenant, work);
    return work;
  }
}
