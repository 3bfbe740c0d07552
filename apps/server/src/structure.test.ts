import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers (docs/ARCHITECTURE.md "Layers"): core imports no feature; a feature reaches
 * another only through its index.ts; feature dependencies run one way. Tests may reach inside.
 */

const SRC = import.meta.dirname;
const FEATURES = path.join(SRC, 'features');
const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.startsWith(path.join(SRC, 'test') + path.sep));
}

function resolved(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const target = path.resolve(path.dirname(from), specifier);
  const candidates = [`${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts'), target];
  return candidates.find((candidate) => existsSync(candidate)) ?? target;
}

function featureOf(file: string): string | null {
  const inside = path.relative(FEATURES, file);
  return inside.startsWith('..') ? null : (inside.split(path.sep)[0] ?? null);
}

interface Edge {
  from: string;
  to: string;
}

function importEdges(): Edge[] {
  return sourceFiles(SRC).flatMap((from) =>
    [...readFileSync(from, 'utf8').matchAll(IMPORT)].flatMap((match) => {
      const to = resolved(from, match[1] ?? match[2] ?? '');
      return to ? [{ from, to }] : [];
    }),
  );
}

const relative = ({ from, to }: Edge) => `${path.relative(SRC, from)} -> ${path.relative(SRC, to)}`;

function featureGraph(edges: Edge[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    const [a, b] = [featureOf(from), featureOf(to)];
    if (!a || !b || a === b) continue;
    graph.set(a, (graph.get(a) ?? new Set()).add(b));
  }
  return graph;
}

/** Each cycle in the feature graph, found by depth-first search, as the features along it. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const visit = (feature: string, trail: string[]) => {
    const at = trail.indexOf(feature);
    if (at >= 0) return void found.push([...trail.slice(at), feature]);
    if (done.has(feature)) return;
    for (const next of graph.get(feature) ?? []) visit(next, [...trail, feature]);
    done.add(feature);
  };
  for (const feature of graph.keys()) visit(feature, []);
  return found;
}

describe('the server layers', () => {
  const edges = importEdges();

  it('core imports no feature', () => {
    const inCore = (file: string) => file.startsWith(path.join(SRC, 'core') + path.sep);
    const upward = edges.filter(({ from, to }) => inCore(from) && !!featureOf(to));
    expect(upward.map(relative)).toEqual([]);
  });

  it('the rest of the server reaches a feature only through its index.ts', () => {
    const around = edges.filter(({ from, to }) => {
      const [a, b] = [featureOf(from), featureOf(to)];
      return !!b && a !== b && to !== path.join(FEATURES, b, 'index.ts');
    });
    expect(around.map(relative)).toEqual([]);
  });

  it('feature dependencies run one way', () => {
    expect(cycles(featureGraph(edges)).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });
});
