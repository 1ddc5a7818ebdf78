import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importSpecifiers } from './imports';

/**
 * No import circles between source files (docs/architecture.md): every non-test file under
 * backend/ and frontend/src, with every import counted, type-only ones too (`import type`,
 * `export type … from`, and the `declare module '…'` of a declaration merge), since a circle of
 * types still ties the files' meaning to each other. Circles are the strongly connected
 * components of the import graph (Tarjan) with more than one file, or a file importing itself.
 */
const root = path.resolve(import.meta.dirname, '../..');
const aliases: Record<string, string> = { '@contracts': path.join(root, 'backend/application/contracts') };
const codeExtensions = ['.ts', '.tsx'];

type Graph = Map<string, string[]>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(spec|test)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The specifiers a file imports, with the module a `declare module '…'` merges into. */
function specifiersOf(source: string): string[] {
  const augmented = [...source.matchAll(/\bdeclare\s+module\s+['"]([^'"]+)['"]/g)].map((match) => match[1]!);
  return [...importSpecifiers(source), ...augmented];
}

/** The absolute path a relative or aliased specifier names before extensions, or null for a package. */
function targetBase(file: string, specifier: string): string | null {
  if (specifier.startsWith('.')) return path.resolve(path.dirname(file), specifier);
  for (const [alias, target] of Object.entries(aliases)) {
    if (specifier === alias || specifier.startsWith(`${alias}/`)) return path.join(target, specifier.slice(alias.length));
  }
  return null;
}

/** The source file a specifier resolves to; null for a package or a file that is not code (CSS, SVG, JSON). */
export function resolveImport(file: string, specifier: string): string | null | undefined {
  const base = targetBase(file, specifier);
  if (base === null) return null;
  const stripped = base.replace(/\.js$/, '');
  const extension = path.extname(stripped);
  if (extension && !codeExtensions.includes(extension) && existsSync(stripped)) return null;
  const candidates = [
    stripped,
    ...codeExtensions.map((ext) => stripped + ext),
    ...codeExtensions.map((ext) => path.join(stripped, `index${ext}`)),
  ];
  // undefined: it names code but no file is there (the walker would miss an edge).
  return candidates.find((candidate) => codeExtensions.includes(path.extname(candidate)) && existsSync(candidate) && statSync(candidate).isFile());
}

/** The import graph of the files under `dirs`: each file with the files it imports among them. */
export function importGraph(dirs: string[]): { graph: Graph; unresolved: string[] } {
  const files = dirs.flatMap(sourceFiles);
  const known = new Set(files);
  const unresolved: string[] = [];
  const graph: Graph = new Map();
  for (const file of files) {
    const targets = new Set<string>();
    for (const specifier of specifiersOf(readFileSync(file, 'utf8'))) {
      const target = resolveImport(file, specifier);
      if (target === undefined) unresolved.push(`${path.relative(root, file)} imports ${specifier}`);
      else if (target !== null && known.has(target)) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return { graph, unresolved };
}

/** Tarjan's strongly connected components. */
export function stronglyConnected(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];

  function visit(node: string): void {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      components.push(component.sort());
    }
  }

  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components;
}

/** The shortest path from `start` back to itself inside `members` (breadth first). */
function shortestCycle(graph: Graph, start: string, members: Set<string>): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const back = [start];
        for (let at = node; at !== start; at = previous.get(at)!) back.unshift(at);
        return [start, ...back];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

/**
 * Every circle as a path `a -> b -> a`: for each strongly connected component with more than
 * one file (or a file importing itself), shortest circles until each of its files is on one.
 */
export function importCircles(graph: Graph, name: (file: string) => string = (file) => file): string[] {
  return stronglyConnected(graph)
    .filter((component) => component.length > 1 || (graph.get(component[0]!) ?? []).includes(component[0]!))
    .flatMap((component) => {
      const members = new Set(component);
      const covered = new Set<string>();
      const circles: string[] = [];
      for (const file of component) {
        if (covered.has(file)) continue;
        const circle = shortestCycle(graph, file, members);
        circle.forEach((member) => covered.add(member));
        circles.push(circle.map(name).join(' -> '));
      }
      return circles;
    });
}

const relative = (file: string) => path.relative(root, file);

describe('import circles', () => {
  it('finds circles in a graph, a file importing itself among them, and nothing else', () => {
    const graph: Graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'd.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts', 'a.ts']],
      ['f.ts', ['d.ts']],
    ]);
    expect(importCircles(graph)).toEqual(['a.ts -> b.ts -> c.ts -> a.ts', 'e.ts -> e.ts']);
    expect(importCircles(new Map([['a.ts', ['b.ts']], ['b.ts', []]]))).toEqual([]);
  });

  it('walks files on disk: type-only imports, re-exports and .ts extensions close a circle', () => {
    const fixture = path.join(import.meta.dirname, 'fixtures/circle');
    const { graph, unresolved } = importGraph([fixture]);
    expect(unresolved).toEqual([]);
    expect(importCircles(graph, (file) => path.relative(fixture, file))).toEqual(['a.ts -> b.ts -> a.ts']);
  });

  it('every relative or aliased import of the source resolves to a file (no edge is missed)', () => {
    const { unresolved } = importGraph([path.join(root, 'backend'), path.join(root, 'frontend/src')]);
    expect(unresolved).toEqual([]);
  });

  it('no source file under backend/ or frontend/src is part of an import circle', () => {
    const { graph } = importGraph([path.join(root, 'backend'), path.join(root, 'frontend/src')]);
    expect(graph.size).toBeGreaterThan(100);
    const circles = importCircles(graph, relative);
    expect(circles, `import circles:\n${circles.join('\n')}`).toEqual([]);
  });
});
