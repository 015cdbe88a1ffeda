# tdrc_add_kernels(<target> SOURCES k1.cl k2.cu ...
#                  [OUTPUT_DIR dir] [OPTIONS opt...] [GPU name]
#                  [COST_PROFILE file] [EMBED | COPY])
#
# Rewrites each kernel file with tdrc at build time, one custom command per
# file, into <OUTPUT_DIR>/k.tdr.cl or k.tdr.cu (OUTPUT_DIR defaults to
# ${CMAKE_CURRENT_BINARY_DIR}/tdrc/<target>; a relative one is taken from
# ${CMAKE_CURRENT_BINARY_DIR}).  A rewrite re-runs when its kernel, a file
# the kernel #includes (tdrc --depfile) or tdrc itself changes, and only then.
#
#   OPTIONS  passed to tdrc as given, `--` and the Clang flags after it
#            included.  tdrc runs in ${CMAKE_CURRENT_SOURCE_DIR}, so relative
#            paths (-I include) are taken from there.
#   GPU x    becomes `--gpu x` (the occupancy budget, e.g. sm_90).  With .cu
#            sources, GPU sm_NN also makes tdrc parse them for sm_NN (Clang's
#            --cuda-gpu-arch=sm_NN, unless OPTIONS give one) and adds NN to
#            <target>'s CUDA_ARCHITECTURES (unless it lists NN already or is
#            OFF, all, all-major or native): the kernel is built for the GPU
#            it was rewritten for, as well as for any the target names.
#   COST_PROFILE file  becomes `--cost-profile file` (tdrc-calibrate's costs
#            for the user's device, docs/cost-profile.md; a relative path is
#            taken from ${CMAKE_CURRENT_SOURCE_DIR}); the rewrites re-run when
#            it changes.
#
# What becomes of the output:
#   .cu      k.tdr.cu is added to <target>'s sources and compiled into it as
#            CUDA (LANGUAGE CUDA; the project must enable CUDA), with the
#            original's directory on its include path (do not also list
#            k.cu among <target>'s sources: both would be compiled); <target>'s
#            include directories and definitions apply to it, not to tdrc's
#            parse (give tdrc those it needs in OPTIONS, after `--`).  tdrc
#            parses with the toolkit of CMAKE_CUDA_COMPILER (--cuda-path),
#            unless OPTIONS give --cuda-path or --cuda-prelude.  <target>
#            must be defined in the directory that calls tdrc_add_kernels.
#   .cl COPY (the default) k.tdr.cl and the original k.cl are copied next to
#            <target>'s binary, $<TARGET_FILE_DIR:target>: the program loads
#            k.tdr.cl, or k.cl when TDR_DISABLE=1 (the runtime's naming
#            convention X.tdr.cl -> X.cl).
#   .cl EMBED <OUTPUT_DIR>/k.tdr.h, on <target>'s include path, defines
#            static const char tdrc_k_tdr_cl[]   (the rewritten source)
#            static const char tdrc_k_cl[]       (the original)
#            as NUL-terminated byte arrays (sizeof - 1 is the length); the
#            names are "tdrc_" + the file name with every character outside
#            [A-Za-z0-9_] replaced by '_'.
#   Headers a .cl kernel #includes are neither copied nor inlined: pass
#   -I<their directory> to clBuildProgram.
#
# Two kernels with the same file name cannot share an OUTPUT_DIR.  Works with
# the Ninja and Makefile generators (CMake >= 3.20 for DEPFILE under Make).

if(CMAKE_VERSION VERSION_LESS 3.20)
  message(FATAL_ERROR "tdrc_add_kernels needs CMake 3.20 or newer (DEPFILE)")
endif()
set(_TDRC_EMBED_SCRIPT "${CMAKE_CURRENT_LIST_DIR}/tdrcEmbed.cmake")

# Functions record the policies in effect where they are defined: DEPFILE
# paths are resolved by CMake (CMP0116) whatever the caller's policy version.
cmake_policy(PUSH)
cmake_policy(SET CMP0116 NEW)

function(tdrc_add_kernels target)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "EMBED;COPY" "OUTPUT_DIR;GPU;COST_PROFILE"
                        "SOURCES;OPTIONS")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "tdrc_add_kernels: unknown arguments: ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT TARGET ${target})
    message(FATAL_ERROR "tdrc_add_kernels: '${target}' is not a target")
  endif()
  if(NOT TARGET tdrc::tdrc)
    message(FATAL_ERROR "tdrc_add_kernels: no tdrc::tdrc (find_package(tdrc))")
  endif()
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "tdrc_add_kernels: no SOURCES")
  endif()
  if(ARG_EMBED AND ARG_COPY)
    message(FATAL_ERROR "tdrc_add_kernels: give EMBED or COPY, not both")
  endif()
  set(outdir "${CMAKE_CURRENT_BINARY_DIR}/tdrc/${target}")
  if(ARG_OUTPUT_DIR)
    get_filename_component(outdir "${ARG_OUTPUT_DIR}" ABSOLUTE
                           BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  endif()
  file(MAKE_DIRECTORY "${outdir}") # tdrc writes next to its output
  set(profile "")
  set(profile_file "")
  if(ARG_COST_PROFILE)
    get_filename_component(profile_file "${ARG_COST_PROFILE}" ABSOLUTE
                           BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    if(NOT EXISTS "${profile_file}")
      message(FATAL_ERROR "tdrc_add_kernels: no cost profile '${profile_file}'")
    endif()
    set(profile --cost-profile "${profile_file}")
  endif()
  set(gpu "")
  set(cuda_arch "") # GPU sm_NN: NN, for .cu sources
  if(ARG_GPU)
    set(gpu --gpu "${ARG_GPU}")
    if(ARG_GPU MATCHES "^sm_([0-9]+a?)$")
      set(cuda_arch "${CMAKE_MATCH_1}")
    endif()
  endif()

  # How tdrc parses a .cu kernel: for the GPU asked for, with the headers of
  # the toolkit that compiles it (when tdrc could use them: the checks of
  # tdrc's usableCudaToolkit), unless OPTIONS say otherwise.
  set(cuda_tdrc_options "")
  set(cuda_clang_flags "")
  set(has_cuda_source FALSE)
  foreach(src IN LISTS ARG_SOURCES)
    if(src MATCHES "\\.cu$")
      set(has_cuda_source TRUE)
    endif()
  endforeach()
  if(has_cuda_source)
    get_property(languages GLOBAL PROPERTY ENABLED_LANGUAGES)
    if(NOT "CUDA" IN_LIST languages)
      message(FATAL_ERROR "tdrc_add_kernels: .cu kernels are compiled into "
              "'${target}' as CUDA: enable the CUDA language first "
              "(project(... LANGUAGES CXX CUDA) or enable_language(CUDA))")
    endif()
    get_target_property(target_dir ${target} SOURCE_DIR)
    if(NOT target_dir STREQUAL CMAKE_CURRENT_SOURCE_DIR)
      message(FATAL_ERROR "tdrc_add_kernels: '${target}' is defined in "
              "${target_dir}: call tdrc_add_kernels for its .cu kernels there")
    endif()
    set(dashes FALSE)
    set(user_path FALSE)
    set(user_arch FALSE)
    foreach(opt IN LISTS ARG_OPTIONS)
      if(opt STREQUAL "--")
        set(dashes TRUE)
      elseif(opt MATCHES "^--cuda-(path|prelude)")
        set(user_path TRUE)
      elseif(opt MATCHES "^--(cuda-gpu-arch|offload-arch)")
        set(user_arch TRUE)
      endif()
    endforeach()
    set(root "${CMAKE_CUDA_COMPILER_TOOLKIT_ROOT}")
    if(NOT user_path AND root AND EXISTS "${root}/include/cuda_runtime.h"
       AND IS_DIRECTORY "${root}/bin" AND IS_DIRECTORY "${root}/nvvm/libdevice")
      list(APPEND cuda_tdrc_options --cuda-path "${root}")
    endif()
    if(cuda_arch AND NOT user_arch)
      if(NOT dashes)
        list(APPEND cuda_clang_flags --)
      endif()
      list(APPEND cuda_clang_flags "--cuda-gpu-arch=sm_${cuda_arch}")
    endif()

    # The architecture the rewrite was made for is one the target builds.
    if(cuda_arch)
      get_target_property(archs ${target} CUDA_ARCHITECTURES)
      if(archs MATCHES "-NOTFOUND$")
        set(archs "") # not initialized (CMP0104 OLD)
      endif()
      string(REGEX REPLACE "a$" "" arch_number "${cuda_arch}")
      if(archs STREQUAL "")
        set_property(TARGET ${target} PROPERTY CUDA_ARCHITECTURES "${cuda_arch}")
      elseif(NOT archs OR archs MATCHES "^(all|all-major|native)$"
             OR ";${archs};" MATCHES ";${arch_number}a?(-real|-virtual)?;")
        # OFF (the project passes -arch itself), or built for it already
      else()
        set_property(TARGET ${target} APPEND PROPERTY CUDA_ARCHITECTURES "${cuda_arch}")
      endif()
    endif()
  endif()

  set(outputs "")
  set(seen "")
  foreach(src IN LISTS ARG_SOURCES)
    get_filename_component(src "${src}" ABSOLUTE
                           BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    get_filename_component(name "${src}" NAME)
    get_filename_component(base "${src}" NAME_WLE)
    get_filename_component(ext "${src}" LAST_EXT)
    if(NOT ext STREQUAL ".cl" AND NOT ext STREQUAL ".cu")
      message(FATAL_ERROR "tdrc_add_kernels: '${src}' is neither .cl nor .cu")
    endif()
    if(name IN_LIST seen)
      message(FATAL_ERROR "tdrc_add_kernels: two kernels named '${name}' "
                          "would share ${outdir}")
    endif()
    list(APPEND seen "${name}")

    set(out "${outdir}/${base}.tdr${ext}")
    file(RELATIVE_PATH shown "${CMAKE_BINARY_DIR}" "${out}")
    set(extra_options "")
    set(extra_flags "")
    if(ext STREQUAL ".cu")
      set(extra_options ${cuda_tdrc_options})
      set(extra_flags ${cuda_clang_flags})
    endif()
    add_custom_command(OUTPUT "${out}"
      COMMAND tdrc::tdrc "${src}" -o "${out}" --depfile "${out}.d"
              ${gpu} ${profile} ${extra_options} ${ARG_OPTIONS} ${extra_flags}
      DEPENDS "${src}" "$<TARGET_FILE:tdrc::tdrc>" ${profile_file}
      DEPFILE "${out}.d"
      WORKING_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}"
      COMMENT "Rewriting ${shown} with tdrc"
      VERBATIM)

    if(ext STREQUAL ".cu")
      target_sources(${target} PRIVATE "${out}")
      get_filename_component(srcdir "${src}" DIRECTORY)
      set_source_files_properties("${out}" PROPERTIES LANGUAGE CUDA)
      set_property(SOURCE "${out}" APPEND PROPERTY INCLUDE_DIRECTORIES "${srcdir}")
    elseif(ARG_EMBED)
      set(header "${outdir}/${base}.tdr.h")
      string(MAKE_C_IDENTIFIER "tdrc_${base}.tdr.cl" rewritten_id)
      string(MAKE_C_IDENTIFIER "tdrc_${name}" original_id)
      add_custom_command(OUTPUT "${header}"
        COMMAND "${CMAKE_COMMAND}" "-DREWRITTEN=${out}" "-DORIGINAL=${src}"
                "-DREWRITTEN_ID=${rewritten_id}" "-DORIGINAL_ID=${original_id}"
                "-DHEADER=${header}" -P "${_TDRC_EMBED_SCRIPT}"
        DEPENDS "${out}" "${src}" "${_TDRC_EMBED_SCRIPT}"
        COMMENT "Embedding ${name} in ${base}.tdr.h"
        VERBATIM)
      target_include_directories(${target} PRIVATE "${outdir}")
      list(APPEND outputs "${header}")
    else()
      # The copies' directory depends on the target, which an OUTPUT may not
      # name: a stamp stands for them.
      set(dest "$<TARGET_FILE_DIR:${target}>")
      set(stamp "${out}.copied")
      add_custom_command(OUTPUT "${stamp}"
        COMMAND "${CMAKE_COMMAND}" -E make_directory "${dest}"
        COMMAND "${CMAKE_COMMAND}" -E copy_if_different "${out}" "${src}" "${dest}"
        COMMAND "${CMAKE_COMMAND}" -E touch "${stamp}"
        DEPENDS "${out}" "${src}"
        COMMENT "Copying ${base}.tdr.cl and ${name} next to ${target}"
        VERBATIM)
      list(APPEND outputs "${stamp}")
    endif()
  endforeach()

  # One driver target per call: the commands run once even when the outputs
  # are used from several places, and before <target> builds (EMBED headers).
  set(driver ${target}_tdrc)
  set(n 1)
  while(TARGET ${driver})
    math(EXPR n "${n} + 1")
    set(driver ${target}_tdrc_${n})
  endwhile()
  add_custom_target(${driver} DEPENDS ${outputs})
  add_dependencies(${target} ${driver})
endfunction()

cmake_policy(POP)
