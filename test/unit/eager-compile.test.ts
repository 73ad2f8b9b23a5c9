// The build's eager-compilation mark (scripts/eager-compile.mjs): it parenthesises esbuild's
// CommonJS module bodies and nothing else, and the code means the same afterwards.
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build script in plain JavaScript, without types
import { eagerCommonJsFactories } from '../../scripts/eager-compile.mjs';

const mark = eagerCommonJsFactories as (code: string) => { code: string; count: number };

describe('eagerCommonJsFactories', () => {
  it("wraps each top-level `var x = f((exports, module) => {...})` arrow, esbuild's CommonJS shape", () => {
    const code = 'var a=y((e,t)=>{t.exports=1}),b=y((e,t)=>{t.exports=a()+1});export{b};';
    expect(mark(code)).toEqual({ code: 'var a=y(((e,t)=>{t.exports=1})),b=y(((e,t)=>{t.exports=a()+1}));export{b};', count: 2 });
  });

  it('also when esbuild left out the unused parameters', () => {
    const code = 'var a=y(e=>{e.x=1}),b=y(()=>{globalThis.z=1});';
    expect(mark(code)).toEqual({ code: 'var a=y((e=>{e.x=1})),b=y((()=>{globalThis.z=1}));', count: 2 });
  });

  it('leaves other calls, expression bodies, other arities and nested functions alone', () => {
    const code = 'var a=f(()=>1),b=g((x)=>x),c=h((e,t)=>1,2),d=[1].map((e,t)=>e),e=y((a,b,c)=>{});function k(){var z=y((e,t)=>{})}';
    expect(mark(code)).toEqual({ code, count: 0 });
  });

  it('the marked code computes the same', () => {
    const helper = 'var y=(f,m)=>()=>(m||f((m={exports:{}}).exports,m),m.exports);';
    const code = `${helper}var a=y((e,t)=>{t.exports={n:41}}),b=y((e,t)=>{t.exports=a().n+1});globalThis.__eagerResult=b();`;
    const marked = mark(code).code;
    expect(marked).not.toBe(code);
    const results = [code, marked].map((source) => {
      new Function(source)();
      return (globalThis as { __eagerResult?: number }).__eagerResult;
    });
    expect(results).toEqual([42, 42]);
  });
});
