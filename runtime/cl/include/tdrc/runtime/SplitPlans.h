//===- SplitPlans.h - The split transform's launch plans -------------------===//
//
// `tdrc --transforms=split` leaves kernel K as it is and adds, after it, one
// kernel per path and up to two descriptors, each on a line of its own:
//
//   /* tdrc-split: kernel=K parts=K__p0,K__p1 reads=2 writes=1,3 */
//   /* tdrc-split-lists: kernel=K list=K__list parts=K__w0,K__w1 reads=2 writes=1,3 */
//
// The first plan runs the parts one after another with K's arguments and
// sizes; the second runs the listing kernel and then the parts, all with one
// more argument, the lists buffer (P counts, zero before the listing kernel,
// then P lists of one entry per work-item).  reads= and writes= are K's
// parameters (by index) the parts read before the branch and K may write: a
// launch that binds one buffer to both must run K.  docs/split.md.
//
// No OpenCL here.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_RUNTIME_SPLITPLANS_H
#define TDRC_RUNTIME_SPLITPLANS_H

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tdrc::rt {

struct SplitDescriptor {
  std::string Kernel;
  std::string List; // the listing kernel; empty in the plan of one kernel per path
  std::vector<std::string> Parts; // in launch order
  std::vector<unsigned> Reads, Writes;
};

/// A kernel's plans: one kernel per path, and over per-path lists.
struct SplitPlans {
  std::optional<SplitDescriptor> PerPath, Lists;
};

/// Every kernel's plans in Source, by kernel name.  Throws Error for a
/// descriptor without kernel= or parts= (or list= in a lists plan), a part
/// named like its kernel, or a kernel with two descriptors of one kind.
std::map<std::string, SplitPlans> parseSplitDescriptors(std::string_view Source);

} // namespace tdrc::rt

#endif
