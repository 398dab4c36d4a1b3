/**
 * The console's ↑ ↓ in a category of the resources or the site list: the rows in their shown order,
 * one moved by a step, get strictly rising `order` values that start where the first one stood (so
 * the category keeps its place among the others: the pages order categories by their first row).
 * Returns only the rows whose order changes, for PUT …/updateOrder.
 */
export function moveInOrder(
  rows: readonly { id: number; order: number }[],
  index: number,
  step: -1 | 1,
): { id: number; order: number }[] {
  const to = index + step;
  if (index < 0 || index >= rows.length || to < 0 || to >= rows.length) return [];
  const arranged = [...rows];
  [arranged[index], arranged[to]] = [arranged[to], arranged[index]];
  const slots = rows.map((r) => r.order).sort((a, b) => a - b);
  const changed: { id: number; order: number }[] = [];
  let last = Number.NEGATIVE_INFINITY;
  arranged.forEach((row, i) => {
    const order = Math.max(slots[i], last + 1);
    last = order;
    if (order !== row.order) changed.push({ id: row.id, order });
  });
  return changed;
}
