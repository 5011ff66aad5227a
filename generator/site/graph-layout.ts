// Where each box and line of a term's graph goes, laid out by dagre (as the live service's explorer lays out its
// graph). Every box has the same size, so a layout depends on the graph's shape alone: worked out once per shape
// (a few hundred among 18,000 pages), where one layout takes 2 ms.
import dagre from '@dagrejs/dagre';

/** A graph's shape: its boxes by number, and its lines as pairs of box numbers (from the upper box down). */
export interface GraphShape {
  boxes: number;
  lines: readonly (readonly [number, number])[];
}

export interface GraphLayout {
  width: number;
  height: number;
  /** Each box's top-left corner, by box number. */
  boxes: readonly { x: number; y: number }[];
  /** Each line's points, in the shape's order. */
  lines: readonly (readonly { x: number; y: number }[])[];
}

export const BOX = { width: 150, height: 30 } as const;
const MARGIN = 4;
const layouts = new Map<string, GraphLayout>();

export function layoutGraph(shape: GraphShape): GraphLayout {
  const key = `${shape.boxes}:${shape.lines.map(([from, to]) => `${from}-${to}`).join(',')}`;
  let layout = layouts.get(key);
  if (!layout) layouts.set(key, (layout = laidOut(shape)));
  return layout;
}

function laidOut({ boxes, lines }: GraphShape): GraphLayout {
  const graph = new dagre.graphlib.Graph();
  graph.setGraph({ rankdir: 'TB', nodesep: 12, ranksep: 28, marginx: MARGIN, marginy: MARGIN });
  graph.setDefaultEdgeLabel(() => ({}));
  for (let box = 0; box < boxes; box++) graph.setNode(String(box), { width: BOX.width, height: BOX.height });
  for (const [from, to] of lines) graph.setEdge(String(from), String(to));
  dagre.layout(graph);
  const round = (value: number) => Math.round(value * 10) / 10;
  const point = ({ x, y }: { x: number; y: number }) => ({ x: round(x), y: round(y) });
  const label = graph.graph();
  return {
    width: Math.ceil(label.width ?? 0),
    height: Math.ceil(label.height ?? 0),
    boxes: Array.from({ length: boxes }, (_, box) => {
      const node = graph.node(String(box));
      return point({ x: node.x - BOX.width / 2, y: node.y - BOX.height / 2 });
    }),
    lines: lines.map(([from, to]) => (graph.edge(String(from), String(to)).points ?? []).map(point)),
  };
}
