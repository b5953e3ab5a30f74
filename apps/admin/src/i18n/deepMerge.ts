type Tree = { [key: string]: unknown };

const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Returns a new object: `over` merged into `base`, nested objects merged key by key. */
export const deepMerge = <T extends object>(base: T, over: object): T => {
    const out: Tree = { ...(base as Tree) };
    for (const [key, value] of Object.entries(over)) {
        out[key] = isTree(value) && isTree(out[key]) ? deepMerge(out[key] as Tree, value) : value;
    }
    return out as T;
};

/** Every leaf of a message tree as [dotted.key, value]. */
export const leaves = (tree: object, prefix = ''): [string, unknown][] =>
    Object.entries(tree).flatMap(([key, value]) =>
        isTree(value) ? leaves(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value] as [string, unknown]],
    );
