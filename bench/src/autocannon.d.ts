/** The part of autocannon's API the bench uses (autocannon 9 ships no types). */
declare module 'autocannon' {
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
    total: number;
  }
  export interface RequestSpec {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** `context` is one object per connection, kept across that connection's requests. */
    requests?: (RequestSpec & {
      setupRequest?: (request: RequestSpec, context: Record<string, unknown>) => RequestSpec;
    })[];
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    /** Seconds the run lasted. */
    duration: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
