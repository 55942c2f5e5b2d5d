import { createHash } from 'node:crypto';
import { fillPlaceholders, is, Param, Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '#server/db/client.ts';

const dialect = new PgDialect();

/** A statement built with drizzle's `sql` as PostgreSQL receives it: text with $n, and values. */
export function renderSql(statement: SQL): { text: string; params: unknown[] } {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return { text, params };
}

/** Whether a rendered parameter is one of drizzle's placeholders, filled in on each run. */
export function isPlaceholder(param: unknown): param is Param | Placeholder {
  return is(param, Placeholder) || (is(param, Param) && is(param.value, Placeholder));
}

/** A statement rendered once: its text, a name after that text, and its parameters. */
export interface StatementTemplate {
  text: string;
  name: string;
  /** Fixed values, and drizzle placeholders (`sql.placeholder('name')`) filled on each run. */
  params: unknown[];
}

/**
 * Statements rendered once per shape: a search builds the same few statements over and over,
 * differing only in their values, and composing and rendering drizzle's `sql` cost more of the
 * server's time than sending the result. `build` writes the statement with placeholders for
 * every value that varies within the shape `key` names.
 */
export class StatementTemplates {
  readonly #byKey = new Map<string, StatementTemplate>();

  /** Shapes are a handful of flags, so the bound is only a guard against a key built wrongly. */
  constructor(private readonly maxShapes = 1000) {}

  get(key: string, build: () => SQL): StatementTemplate {
    let template = this.#byKey.get(key);
    if (!template) {
      const { text, params } = renderSql(build());
      template = { text, params, name: `s_${createHash('sha1').update(text).digest('base64url')}` };
      if (this.#byKey.size >= this.maxShapes) this.#byKey.clear();
      this.#byKey.set(key, template);
    }
    return template;
  }
}

/**
 * Runs a template with these values for its placeholders. `prepared` sends it as a named
 * statement: each pooled connection parses it once, and after five runs PostgreSQL may keep a
 * generic plan instead of planning every time. Only for statements whose best plan is the same
 * whatever the values: a generic plan is made without them.
 */
export async function runTemplate<T>(
  db: Database,
  template: StatementTemplate,
  values: Record<string, unknown>,
  { prepared }: { prepared: boolean },
): Promise<T[]> {
  const params = fillPlaceholders(template.params, values);
  const { text, name } = template;
  const result = await db.$client.query<T & Record<string, unknown>>(
    prepared ? { name, text, values: params } : { text, values: params },
  );
  return result.rows;
}
