// Self-test for tdr_exec --feedback: the results of differs.cl, with a
// tdr_feedback report (FeedbackLayout.h: one round, one key) that counts
// every work-item twice, so tdr_exec must print FEEDBACK-ERROR and exit 1.
__kernel void abs_scale(__global const int *x, __global int *out, int n,
                        __global uint *tdr_feedback) {
  int i = get_global_id(0);
  if (get_local_id(0) == 0) {
    atomic_max(&tdr_feedback[0], 1u); /* rounds */
    atomic_max(&tdr_feedback[1], 16u); /* N */
    atomic_max(&tdr_feedback[2], 16u); /* floor */
    atomic_max(&tdr_feedback[3], 1u); /* keys */
    atomic_inc(&tdr_feedback[4]); /* work-groups */
    atomic_max(&tdr_feedback[5], 256u); /* bound */
  }
  atomic_add(&tdr_feedback[6], 2u); /* items of key 0: should be 1 each */
  if (get_local_id(0) % 16 == 0)
    atomic_inc(&tdr_feedback[7]); /* non-empty cells of key 0 */
  if (i < n)
    out[i] = x[i] > 0 ? x[i] * 2 : -x[i];
}
