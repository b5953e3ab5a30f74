type Tree = { [key: string]: unknown };

const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Joins message trees that must not overlap: the texts of each area of the
 * app. A key given twice (the same leaf, or a text where another tree has
 * a branch) throws, naming the key, as the server's catalogues refuse a
 * duplicate, instead of one text silently replacing the other. It runs when
 * the catalogues are built, so at startup and in every test.
 */
export const mergeMessages = (...trees: object[]): Tree => {
    const join = (into: Tree, from: Tree, path: string) => {
        for (const [key, value] of Object.entries(from)) {
            const at = `${path}${key}`;
            if (!(key in into)) {
                into[key] = isTree(value) ? join({}, value, `${at}.`) : value;
            } else if (isTree(into[key]) && isTree(value)) {
                join(into[key] as Tree, value, `${at}.`);
            } else {
                throw new Error(`i18n: the message key ${at} is given twice`);
            }
        }
        return into;
    };
    return trees.reduce<Tree>((out, tree) => join(out, tree as Tree, ''), {});
};

/**
 * Returns a new object: `over` laid on `base`, nested objects merged key by
 * key, `over` winning. Only for react-admin's own texts, where a pack is
 * meant to replace another's strings (Korean over English, our corrections
 * over the community pack); the app's texts are joined by mergeMessages.
 */
export const overlay = <T extends object>(base: T, over: object): T => {
    const out: Tree = { ...(base as Tree) };
    for (const [key, value] of Object.entries(over)) {
        out[key] = isTree(value) && isTree(out[key]) ? overlay(out[key] as Tree, value) : value;
    }
    return out as T;
};

/** Every leaf of a message tree as [dotted.key, value]. */
export const leaves = (tree: object, prefix = ''): [string, unknown][] =>
    Object.entries(tree).flatMap(([key, value]) =>
        isTree(value) ? leaves(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value] as [string, unknown]],
    );
