import { createStore, useStore } from './store';

/**
 * True while an application is open in view mode: the app hides its header
 * (spec section 2). The form sets it when it opens in view mode and clears it
 * when it closes; nothing on that screen switches back to editing.
 */
export const viewModeStore = createStore(false);

export const useViewMode = () => useStore(viewModeStore);
