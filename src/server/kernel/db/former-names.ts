/**
 * What the database keeps for one release so that instances of the release before (which say
 * `tools`, `tool_id` and `toolId`) keep working beside this one during a rolling restart
 * (drizzle/0044, decision 096). None of it is read or written by this release's code: the twin
 * columns are kept equal to their new names by triggers, and the orders' summary columns are
 * written only by the release before. The next release's migration drops every item listed here,
 * with the view `tools` and the twin triggers.
 */
export interface FormerParts {
  columns: readonly string[];
  indexes?: readonly string[];
  constraints?: readonly string[];
}

const twin: FormerParts = { columns: ['tool_id'] };

export const formerParts: Readonly<Record<string, FormerParts>> = {
  cart_lines: { columns: ['tool_id'], indexes: ['cart_lines_former_key'] },
  fitments: twin,
  order_lines: { columns: ['tool_id', 'tool_name'] },
  orders: {
    columns: ['tool_id', 'tool_name', 'unit_price_cents'],
    indexes: ['orders_tool_idx'],
    constraints: ['orders_tool_id_tools_id_fk'],
  },
  part_numbers: twin,
  product_changes: twin,
  product_images: twin,
  return_fit_claims: twin,
  reviews: twin,
  stock_levels: { columns: ['tool_id'], indexes: ['stock_levels_former_key'] },
  stock_movements: twin,
};
