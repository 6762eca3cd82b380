# Warnings applied to Tumble's own targets (not to third-party headers).
function(tumble_set_warnings target)
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow=local
        -Wno-unused-parameter)
endfunction()
