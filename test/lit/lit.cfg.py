import os
import lit.formats

config.name = "tdrc"
config.test_format = lit.formats.ShTest(True)
config.suffixes = [".cl", ".cu", ".test"]
config.excludes = ["Inputs"]
config.environment["PATH"] = os.pathsep.join(
    [config.tdrc_bin, config.llvm_tools, config.environment.get("PATH", "")])
config.substitutions.append(("%cukernels", config.cuda_kernels_dir))
config.substitutions.append(("%kernels", config.kernels_dir))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
import shutil
if shutil.which("groff"):
    config.available_features.add("groff")
