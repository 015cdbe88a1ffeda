#!/bin/sh
# run_gen.sh TDRC TDR_EXEC OUTDIR --count N --seed S [--per-file K]
#            [--shapes 1|2] [--macros] [--dgi-mode] [--passes-mode] [--oclgrind-sample M] [--oclgrind-per-file P]
#            [--jobs J] [--min-rewritten FRACTION]
#            [--no-reduce] [--max-reduce R] [--reduce-time S] [--keep-work]
#
# Random differential testing of tdrc: generates N kernels with kgen.py (K per
# file, default 50), rewrites every file with tdrc in default mode and with
# --max-workgroup-size 64 (and, with --dgi-mode, with DGI forced, N=32;
# with --passes-mode, under a 4 KiB local memory budget: state in passes;
# --shapes 2: kgen.py's opt-in shapes; --macros: parts of the kernels moved into
# preprocessor macros by kgen_macros.py), compares original and rewritten with tdr_exec on the
# default OpenCL device (PoCL), runs M of the rewritten files under Oclgrind,
# saves every failure under OUTDIR/failures/ and reduces the first ones with
# reduce.py. Prints totals (the kernels tdrc rewrote among them); exit status 1 on
# any failure, or with fewer kernels rewritten than --min-rewritten (a fraction,
# default 0). Details: run_gen.py.
here=$(cd "$(dirname "$0")" && pwd)
exec python3 "$here/run_gen.py" "$@"
