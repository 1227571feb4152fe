/**
 * How each service really performs, from this shop's own orders of the last 30 days
 * (migration 0026): written by the worker's `orders.service-stats` job, one row per service
 * tag with any order paid in the window; the figures are null below the minimum of orders.
 */
export interface ServiceStatsTable {
  tag: string;
  /** median minutes from payment to the start of delivery (nearest rank, rounded) */
  start_median_min: number | null;
  /** 90th percentile of minutes per 1 000 units delivered (nearest rank, rounded) */
  speed_p90_min_per_1000: number | null;
  /** share of ended orders completed in full, 3 decimals */
  completion_rate: number | null;
  /** share of completed orders with a refill asked within 30 days of completion, 3 decimals */
  refill_rate_30d: number | null;
  /** orders paid in the window */
  orders_30d: number;
  computed_at: string;
}
