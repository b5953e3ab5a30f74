/**
 * Loads the self-hosted ALTCHA widget on demand (kept out of the first-load
 * bundle). The `external` build takes its CSS and workers from our own
 * origin, so no inline workers (blob:) are needed under the CSP.
 */
let loading: Promise<void> | null = null;

export function loadAltcha(): Promise<void> {
  if (!loading) {
    loading = (async () => {
      await import('altcha/external');
      await import('altcha/altcha.css');
      const [{ default: ShaWorker }, { default: Pbkdf2Worker }] = await Promise.all([
        import('altcha/workers/sha?worker'),
        import('altcha/workers/pbkdf2?worker'),
      ]);
      const registry = globalThis.$altcha;
      if (registry) {
        for (const alg of ['SHA-256', 'SHA-384', 'SHA-512']) registry.algorithms.set(alg, () => new ShaWorker());
        for (const alg of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512'])
          registry.algorithms.set(alg, () => new Pbkdf2Worker());
      }
    })().catch((e) => {
      loading = null;
      throw e;
    });
  }
  return loading;
}
