// Written in at build time (scripts/build-info.mjs): `gwctl version` reports them.
declare const __GWCTL_COMMIT__: string;
declare const __GWCTL_BUILT__: string;
