/**
 * The `k`-th largest of the first `count` values (1 for the largest), found by quickselect on a copy in
 * `scratch` (grown when too short and returned for reuse): linear on average, where keeping the best `k`
 * in a heap costs a comparison per value and more with many ties.
 */
export const kthLargest = (
  values: Float64Array,
  count: number,
  k: number,
  scratch: { array: Float64Array },
): number => {
  if (k < 1 || k > count) throw new RangeError(`no ${k}-th largest of ${count} values`);
  if (scratch.array.length < count) scratch.array = new Float64Array(count);
  const copy = scratch.array;
  copy.set(values.subarray(0, count));
  // The k-th largest is the value at `target` once the copy is in decreasing order.
  const target = k - 1;
  let low = 0;
  let high = count - 1;
  while (low < high) {
    const pivot = copy[(low + high) >>> 1];
    let left = low;
    let right = high;
    while (left <= right) {
      while (copy[left] > pivot) left++;
      while (copy[right] < pivot) right--;
      if (left <= right) {
        const swap = copy[left];
        copy[left++] = copy[right];
        copy[right--] = swap;
      }
    }
    if (target <= right) high = right;
    else if (target >= left) low = left;
    else return copy[target];
  }
  return copy[target];
};
