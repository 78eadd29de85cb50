# Warnings for Flange's own targets (not for third-party headers).
function(flange_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wno-unused-parameter)
endfunction()
