/** One label set's counts: per bucket (not yet cumulative), their sum and their number. */
interface Series {
  readonly labels: { method: string; route: string; status_code: string };
  readonly buckets: Float64Array;
  sum: number;
  count: number;
}

type Value = { value: number; metricName: string; labels: Record<string, string | number> };

/**
 * `http_request_duration_seconds` by method, route pattern and status, as prom-client's Histogram
 * reports it (the same /metrics text), without its work per observation: prom-client builds and
 * sorts a label key, checks each label name and turns the bucket bound into a property name on
 * every `observe`, even through a child from `labels()` (ADR 029). Here a request finds its series
 * through three map reads (route, method, status) and adds to a typed array.
 *
 * The registry reads it like its own metrics: `get()` at each scrape, `reset()` when asked.
 */
export class RequestLatency {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly #upperBounds: readonly number[];
  readonly #byRoute = new Map<string, Map<string, Map<number, Series>>>();
  /** In the order first seen: the order prom-client lists its label sets in. */
  #series: Series[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
    upperBounds: readonly number[],
  ) {
    this.#upperBounds = upperBounds;
  }

  observe(method: string, route: string, statusCode: number, seconds: number): void {
    let byMethod = this.#byRoute.get(route);
    if (!byMethod) {
      byMethod = new Map();
      this.#byRoute.set(route, byMethod);
    }
    let byStatus = byMethod.get(method);
    if (!byStatus) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    let series = byStatus.get(statusCode);
    if (!series) {
      series = {
        labels: { method, route, status_code: String(statusCode) },
        buckets: new Float64Array(this.#upperBounds.length),
        sum: 0,
        count: 0,
      };
      byStatus.set(statusCode, series);
      this.#series.push(series);
    }
    const bounds = this.#upperBounds;
    for (let i = 0; i < bounds.length; i++) {
      if (seconds <= (bounds[i] as number)) {
        (series.buckets[i] as number) += 1;
        break;
      }
    }
    series.sum += seconds;
    series.count += 1;
  }

  /** prom-client's shape: each bucket cumulative with its `le`, then +Inf, the sum and the count. */
  async get() {
    const values: Value[] = [];
    const bucketName = `${this.name}_bucket`;
    for (const series of this.#series) {
      let cumulative = 0;
      this.#upperBounds.forEach((le, i) => {
        cumulative += series.buckets[i] as number;
        values.push({ value: cumulative, metricName: bucketName, labels: { le, ...series.labels } });
      });
      values.push(
        { value: series.count, metricName: bucketName, labels: { le: '+Inf', ...series.labels } },
        { value: series.sum, metricName: `${this.name}_sum`, labels: { ...series.labels } },
        { value: series.count, metricName: `${this.name}_count`, labels: { ...series.labels } },
      );
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  reset(): void {
    this.#byRoute.clear();
    this.#series = [];
  }
}
