// HAND-MADE FIXTURE, until `tdrc --keep-original` (issue 22) lands: what that
// option is to write for ../twopaths.cl, made from
//   tdrc --feedback --algorithm dgi twopaths.cl     (tdrc at be69fb0)
// by hand: the descriptor line before the rewritten kernel, its fallback copy
// of the original code under #ifndef TDR_HOST_CHOOSES, and the original
// kernel, untouched but for its name, at the end.  Replace it with tdrc's
// own output once the option exists (test/runtime/CMakeLists.txt).
// The choice tests' kernel (test/runtime/ChoiceTest.cpp): a bounds guard and
// two data-dependent paths, each looping `len` times, so whether the remap
// pays depends on an argument and tdrc puts the round under a run-time
// condition on len.
/* tdrc-variants: kernel=twopaths original=twopaths_tdr_original maxwg=256 when=(len) >= 83 */
__kernel void twopaths(__global const int *in, __global uint *out, int n, int len, __global uint *tdr_feedback)
{
    /* tdrc: thread-data remapping state, shared by 1 round(s), for work-groups of up to 256 work-items */
    const int tdr_on1 = (len) >= 83 && (uint)(get_local_size(0) * get_local_size(1) * get_local_size(2)) <= 256u; /* round 1 pays for itself (tdrc's profitability model), at this size */
#ifndef TDR_HOST_CHOOSES /* tdrc --keep-original: the host chooses between this kernel and twopaths_tdr_original */
#ifndef POCL_DEVICE_ADDRESS_BITS /* tdrc: not on PoCL, which miscompiles barriers after this return */
    if (!(tdr_on1)) { /* tdrc: the remap does not pay here: the original code */
    int gid = get_global_id(0);
    if (gid < n) {
        int v = in[gid];
        uint acc = (uint)gid;
        if (v & 1) {
            for (int k = 0; k < len; ++k)
                acc = acc * 1664525u + 1013904223u;
        } else {
            for (int k = 0; k < len; ++k)
                acc = (acc ^ (acc >> 13)) * 2654435761u + (uint)v;
        }
        out[gid] = acc;
    }
      return;
    } /* tdrc: end of the original code */
#endif
#endif
#ifndef TDR_NEIGHBORS /* tdrc --feedback: DGI's neighbouring factor; build with -DTDR_NEIGHBORS=16, 32 or 64 to change it */
#define TDR_NEIGHBORS 16
#endif
#if TDR_NEIGHBORS != 16 && TDR_NEIGHBORS != 32 && TDR_NEIGHBORS != 64
#error "TDR_NEIGHBORS must be 16, 32 or 64"
#endif
    __local uint tdr_pool[256];      /* logical work-item per slot */
    __local uchar tdr_path_of[256];  /* its path */
    __local uchar tdr_path_in[256];  /* path per physical work-item (DGI) */
    __local int tdr_count[48];  /* per path and neighbourhood: count, then first slot */
    __local int tdr_mig_int[1][256];
    __local uint tdr_mig_uint[1][256];
    const uint tdr_wgsize = (uint)(get_local_size(0) * get_local_size(1) * get_local_size(2));
    const uint tdr_plid = (uint)(get_local_id(0) + get_local_size(0) * (get_local_id(1) + get_local_size(1) * get_local_id(2)));
    uint tdr_lid = tdr_plid; /* logical flat local ID */
    size_t tdr_lid0 = get_local_id(0), tdr_gid0 = get_global_id(0);
    int tdr_path = 0, tdr_active = 1;
    int tdr_rank = 0;

    int gid = tdr_gid0;
    tdr_active = (gid < n) ? 1 : 0; /* tdrc: bounds guard as active predicate */
    {
    int v; /* tdrc: moved up from 9:13 */
    uint acc; /* tdrc: moved up from 10:14 */
    if (tdr_active) {
        v = in[gid];
        acc = (uint)gid;
        tdr_path = (v & 1) ? 0 : 1;
    } /* tdrc: end of active segment */
    { /* tdrc: round 1, Data Group Indexing of work-items over 2 paths (neighbourhoods of TDR_NEIGHBORS, at least 16) for the branch at 11:9 */
      if (tdr_on1) {
        tdr_path_in[tdr_plid] = (uchar)(tdr_active ? tdr_path : 2);
        for (uint tdr_i = tdr_plid; tdr_i < 3u * ((256u + TDR_NEIGHBORS - 1u) / TDR_NEIGHBORS); tdr_i += tdr_wgsize) tdr_count[tdr_i] = 0;
      }
      barrier(CLK_LOCAL_MEM_FENCE);
      if (tdr_on1) { /* rank among my neighbourhood's work-items on my path; the last of them writes their count */
        const uint tdr_p = tdr_path_in[tdr_plid], tdr_first = tdr_plid / TDR_NEIGHBORS * TDR_NEIGHBORS;
        const uint tdr_end = tdr_first + TDR_NEIGHBORS < tdr_wgsize ? tdr_first + TDR_NEIGHBORS : tdr_wgsize;
        uint tdr_j = tdr_first;
        tdr_rank = 0;
        for (; tdr_j < tdr_plid; ++tdr_j) tdr_rank += tdr_path_in[tdr_j] == tdr_p;
        for (tdr_j = tdr_plid + 1u; tdr_j < tdr_end && tdr_path_in[tdr_j] != tdr_p; ++tdr_j) {}
        if (tdr_j == tdr_end) tdr_count[tdr_p * ((256u + TDR_NEIGHBORS - 1u) / TDR_NEIGHBORS) + tdr_plid / TDR_NEIGHBORS] = tdr_rank + 1;
      }
      barrier(CLK_LOCAL_MEM_FENCE);
      if (tdr_on1 && tdr_plid == 0u) { /* exclusive scan: first slot of each path and neighbourhood */
        int tdr_sum = 0;
        for (int tdr_i = 0; tdr_i < (int)(3u * ((256u + TDR_NEIGHBORS - 1u) / TDR_NEIGHBORS)); ++tdr_i) {
          const int tdr_c = tdr_count[tdr_i];
          tdr_count[tdr_i] = tdr_sum;
          tdr_sum += tdr_c;
        }
      }
      barrier(CLK_LOCAL_MEM_FENCE);
      if (tdr_on1 && tdr_feedback != 0) { /* tdrc --feedback: the round's sizes; per key, its work-items and the neighbourhoods it occurs in */
        if (tdr_plid == 0u) {
          atomic_max(&tdr_feedback[0], 1u);
          atomic_max(&tdr_feedback[1u], (uint)(TDR_NEIGHBORS));
          atomic_max(&tdr_feedback[2u], 16u);
          atomic_max(&tdr_feedback[3u], 3u);
          atomic_inc(&tdr_feedback[4u]);
          atomic_max(&tdr_feedback[5u], 256u);
        }
        for (uint tdr_q = tdr_plid; tdr_q < 3u; tdr_q += tdr_wgsize) {
          const uint tdr_lo = tdr_q * ((256u + TDR_NEIGHBORS - 1u) / TDR_NEIGHBORS), tdr_hi = tdr_lo + ((256u + TDR_NEIGHBORS - 1u) / TDR_NEIGHBORS);
          uint tdr_cells = 0u;
          for (uint tdr_i = tdr_lo; tdr_i < tdr_hi; ++tdr_i) tdr_cells += (tdr_i + 1u < 3u * ((256u + TDR_NEIGHBORS - 1u) / TDR_NEIGHBORS) ? (uint)tdr_count[tdr_i + 1u] : tdr_wgsize) != (uint)tdr_count[tdr_i];
          atomic_add(&tdr_feedback[6u + 2u * tdr_q], (tdr_hi < 3u * ((256u + TDR_NEIGHBORS - 1u) / TDR_NEIGHBORS) ? (uint)tdr_count[tdr_hi] : tdr_wgsize) - (uint)tdr_count[tdr_lo]);
          atomic_add(&tdr_feedback[7u + 2u * tdr_q], tdr_cells);
        }
      }
      if (tdr_on1) {
        const uint tdr_p = tdr_path_in[tdr_plid];
        const int tdr_pos = tdr_count[tdr_p * ((256u + TDR_NEIGHBORS - 1u) / TDR_NEIGHBORS) + tdr_plid / TDR_NEIGHBORS] + tdr_rank;
        tdr_pool[tdr_pos] = tdr_lid;
        tdr_path_of[tdr_pos] = (uchar)tdr_p;
        if (tdr_pos != (int)tdr_plid) { /* a work-item that keeps its slot keeps its state */
          if (tdr_active) {
            tdr_mig_int[0][tdr_pos] = v;
            tdr_mig_uint[0][tdr_pos] = acc;
          }
        }
      }
      barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE); /* global memory accesses hand over too */
      if (tdr_on1 && tdr_pool[tdr_plid] != tdr_lid) {
        tdr_lid = tdr_pool[tdr_plid];
        tdr_path = tdr_path_of[tdr_plid];
        tdr_active = tdr_path != 2;
        tdr_lid0 = tdr_lid % get_local_size(0);
        tdr_gid0 = get_global_id(0) - get_local_id(0) + tdr_lid0;
        gid = tdr_gid0;
        if (tdr_active) {
          v = tdr_mig_int[0][tdr_plid];
          acc = tdr_mig_uint[0][tdr_plid];
        }
      }
    }
    if (tdr_active) {
        if (tdr_path == 0) {
            for (int k = 0; k < len; ++k)
                acc = acc * 1664525u + 1013904223u;
        } else {
            for (int k = 0; k < len; ++k)
                acc = (acc ^ (acc >> 13)) * 2654435761u + (uint)v;
        }
        out[gid] = acc;
    }
    } /* tdrc: end of active region */
}

__kernel void twopaths_tdr_original(__global const int *in, __global uint *out, int n, int len)
{
    int gid = get_global_id(0);
    if (gid < n) {
        int v = in[gid];
        uint acc = (uint)gid;
        if (v & 1) {
            for (int k = 0; k < len; ++k)
                acc = acc * 1664525u + 1013904223u;
        } else {
            for (int k = 0; k < len; ++k)
                acc = (acc ^ (acc >> 13)) * 2654435761u + (uint)v;
        }
        out[gid] = acc;
    }
}
