# Dev-time only: give route sets back to the 18xx.games engine (tobymao/18xx lib/) and ask it
# whether it accepts them, and what it pays. One engine replay per log, all its requests in it.
#   cd <snapshot> && ENGINE_LOG_LEVEL=4 ruby -I<shim> -Ilib check_routes.rb < REQUESTS.jsonl
# A request (one JSON line): {"log": path of the log under the snapshot, "action": the id of a
# run_routes action, "company": the engine's id of the company running, "revenue": ours,
# "routes": [route, ...]}. A route is either
#   {"train": engine train id, "stops": [[hex, node], ...], "hexes": [hex, ...]}: every node
#     it passes in order (node: the index among the tile code's cities, towns, off-boards and
#     junctions) and the hexes it runs through in order (a hex once per visit); each stretch
#     from one stop to the next is the engine's own chain of paths between those nodes whose
#     hexes are the route's; where several chains fit (two tracks through the same hexes),
#     every combination is tried, or
#   {"train", "connections", "nodes"}: as a run_routes action writes it.
# The position is the one just before the action. All the company's routes are priced at once
# as a run_routes action would be (each route's checks, the engine's check_route_combination,
# check_overlap, game.routes_revenue). Answer per request, one JSON line, in the input's order
# within a log: {"log", "action", "company", "ours", "verdict": "accepted" | "refused" |
# "unmatched" (no chain of the engine's fits a stretch), "revenue": the engine's total or null,
# "error": its message or null, "connections": the engine's connection_hexes of the routes
# accepted (per route)}.
require 'json'
require 'engine'

MAX_COMBINATIONS = 64

# Where the engine's code reads the same under Opal (the site: a symbol is a string) and not
# under MRI: the site's answer is the one the logs record and the one we follow.
# 1849 (GRAY_REVENUE_CENTERS) and 1849 Boot (NEW_GRAY_REVENUE_CENTERS, its own stop_revenue):
# tables with symbol keys, looked up with the hex's and the phase's names (strings); under MRI
# the lookup misses and the grey centres (1849's C1, E1, C15, M9; Boot's A7, N2, C5, ...) pay 0.
def read_grey_centres_as_the_site(game_class, table)
  game_class.prepend(Module.new do
    define_method(:stop_revenue) do |stop, phase, train|
      grey = game_class.const_get(table)[stop.hex.id.to_sym]
      grey ? grey[@phase.name.to_sym] : super(stop, phase, train)
    end
  end)
end
read_grey_centres_as_the_site(Engine::Game::G1849::Game, :GRAY_REVENUE_CENTERS) if defined?(Engine::Game::G1849::Game)
read_grey_centres_as_the_site(Engine::Game::G1849Boot::Game, :NEW_GRAY_REVENUE_CENTERS) if defined?(Engine::Game::G1849Boot::Game)

def code_nodes(tile)
  tile.parts.select { |p| (p.city? || p.town? || p.offboard? || p.junction?) && !p.halt? && !p.pass? }
end

def node_choices(game, hex_id, index)
  hex = game.hex_by_id(hex_id)
  return [] unless hex

  exact = code_nodes(hex.tile)[index]
  others = hex.tile.nodes.reject { |n| n == exact }
  (exact ? [exact] : []) + others
end

def chain_hexes(chain, from)
  paths = chain[:paths]
  paths = paths.reverse unless paths.empty? || paths[0].nodes.include?(from)
  paths.map { |p| p.hex.id }.chunk(&:itself).map(&:first)
end

# every list of connection_data segments for one route given by its stops and hexes
def connection_choices(game, probe, route)
  stops = route['stops']
  walk = route['hexes']
  out = []
  if stops.size == 1
    node_choices(game, stops[0][0], stops[0][1]).each do |n|
      out << [{ left: n, right: n, chain: { nodes: nil, paths: [], hexes: nil, id: nil } }]
    end
    return out
  end
  search = lambda do |i, node, pos, acc|
    return if out.size >= MAX_COMBINATIONS
    return (out << acc.dup if pos == walk.size - 1) if i == stops.size - 1

    hex_id, index = stops[i + 1]
    node_choices(game, hex_id, index).each do |target|
      probe.get_node_chains(node, target).each do |chain|
        hexes = chain_hexes(chain, node)
        next if hexes.empty? && node.hex != target.hex
        next unless walk[pos, hexes.size] == hexes

        acc << { left: node, right: target, chain: chain }
        search.call(i + 1, target, pos + [hexes.size - 1, 0].max, acc)
        acc.pop
      end
    end
  end
  node_choices(game, stops[0][0], stops[0][1]).each { |start| search.call(0, start, 0, []) }
  out
end

def price(game, trains, choices)
  routes = []
  choices.each_with_index do |cd, i|
    routes << Engine::Route.new(game, game.phase, trains[i], routes: routes, connection_data: cd)
  end
  routes.each(&:revenue)
  [game.routes_revenue(routes), nil, routes]
rescue StandardError => e
  [nil, "#{e.class}: #{e.message}", routes]
end

def answer(game, req)
  corp = game.corporation_by_id(req['company']) ||
         (game.respond_to?(:minor_by_id) && game.minor_by_id(req['company'])) ||
         game.instance_variable_get(:@national)
  return { 'verdict' => 'refused', 'error' => "no company #{req['company']}" } unless corp

  game.make_sj_tokens_passable_for_electric_trains(corp) if game.respond_to?(:make_sj_tokens_passable_for_electric_trains)
  if req['routes'].empty?
    total = game.routes_revenue([])
    return { 'verdict' => 'accepted', 'revenue' => total, 'connections' => [] }
  end

  trains = req['routes'].map { |r| game.train_by_id(r['train']) }
  if (missing = req['routes'].zip(trains).find { |_, t| t.nil? })
    return { 'verdict' => 'refused', 'error' => "no train #{missing[0]['train']}" }
  end

  per_route = req['routes'].each_with_index.map do |r, i|
    if r['connections']
      [:connections]
    else
      probe = Engine::Route.new(game, game.phase, trains[i], routes: [])
      connection_choices(game, probe, r)
    end
  end
  unmatched = per_route.index(&:empty?)
  if unmatched
    r = req['routes'][unmatched]
    return { 'verdict' => 'unmatched',
             'error' => "no chain of the engine's runs #{r['train']} through #{r['hexes'].join(',')}" }
  end

  best = nil
  tried = 0
  per_route[0].product(*per_route[1..]).each do |combo|
    break if tried >= MAX_COMBINATIONS

    tried += 1
    total, error, routes =
      if combo.include?(:connections)
        connections_price(game, trains, req['routes'])
      else
        price(game, trains, combo)
      end
    rank = if error then 0 elsif total == req['revenue'] then 2 else 1 end
    if best.nil? || rank > best[0]
      best = [rank, total, error, error ? nil : routes.map(&:connection_hexes),
              error ? nil : routes.map { |r| "#{r.train.id}: #{r.revenue} #{r.revenue_str}" }]
    end
    break if rank == 2 || combo.include?(:connections)
  end
  { 'verdict' => best[0].zero? ? 'refused' : 'accepted', 'revenue' => best[1], 'error' => best[2],
    'connections' => best[3], 'routes' => best[4] }
end

def connections_price(game, trains, reqs)
  routes = []
  reqs.each_with_index do |r, i|
    opts = { connection_hexes: r['connections'], nodes: r['nodes'] }.compact
    routes << Engine::Route.new(game, game.phase, trains[i], routes: routes, **opts)
  end
  routes.each(&:revenue)
  [game.routes_revenue(routes), nil, routes]
rescue StandardError => e
  [nil, "#{e.class}: #{e.message}", routes]
end

if __FILE__ == $PROGRAM_NAME
  requests = $stdin.each_line.map { |l| JSON.parse(l) unless l.strip.empty? }.compact
  requests.group_by { |r| r['log'] }.each do |log, reqs|
    data = JSON.parse(File.read(log))
    game = Engine::Game.load(data, at_action: 0)
    reqs.sort_by { |r| r['action'] }.each do |req|
      head = { 'log' => log, 'action' => req['action'], 'company' => req['company'], 'ours' => req['revenue'] }
      begin
        game.process_to_action(req['action'] - 1)
        raise game.exception if game.exception

        out = answer(game, req)
      rescue StandardError => e
        out = { 'verdict' => 'refused', 'error' => "replay: #{e.class}: #{e.message}" }
      end
      puts JSON.generate(head.merge({ 'revenue' => nil, 'error' => nil, 'connections' => nil }).merge(out))
      $stdout.flush
    end
  end
end
