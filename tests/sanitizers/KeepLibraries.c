/* Preloaded into the asan preset's tests (CMakePresets.json): dlclose does nothing, so every
 * library a test loads stays mapped until exit. LeakSanitizer finds reachable memory by scanning
 * the loaded libraries' globals; a library unloaded before the leak check (a Qt plugin, Mesa's
 * GL driver) leaves its still-referenced allocations looking leaked, with "<unknown module>"
 * frames that no suppression can name. Nothing of Tumble depends on unloading a library. */
int dlclose(void* handle)
{
    (void)handle;
    return 0;
}
