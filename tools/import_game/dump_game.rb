# Development tool (never needed by the program): instantiate one title of the tobymao/18xx
# engine and print, as JSON, what write_game.py turns into games/<id>.toml and tiles/<id>.tiles.
#   cd <18xx snapshot> && ENGINE_LOG_LEVEL=4 ruby -I<this folder>/../engine_check/rubyshim -Ilib \
#       <this folder>/dump_game.rb TITLE [PLAYERS] > dump.json
# ../engine_check/rubyshim/require_all.rb stands in for the require_all gem the engine loads its files with.
require 'json'
require 'engine'

# Route methods a title may override; the writer lists the overridden ones as hard rules.
ROUTE_METHODS = %i[
  revenue_for revenue_str check_distance check_other route_distance route_distance_str
  check_route_token check_overlap check_connected extra_revenue routes_revenue routes_subsidy
  check_route_combination compute_stops visited_stops city_tokened_by? train_help
  submit_revenue_str
].freeze

def plain(value)
  case value
  when Hash then value.to_h { |k, v| [k.to_s, plain(v)] }
  when Array then value.map { |v| plain(v) }
  when Symbol then value.to_s
  when String, Integer, Float, true, false, nil then value
  else value.to_s
  end
end

def library_code(name)
  %w[WHITE YELLOW GREEN GREENBROWN BROWN BROWNGRAY GRAY RED BLUE BROWNSEPIA].each do |const|
    table = Engine::Config::Tile.const_get(const)
    return [const.downcase, table[name]] if table.key?(name)
  end
  nil
end

title = ARGV[0]
klass = Engine.game_by_title(title)
players = (ARGV[1] || klass::PLAYER_RANGE.max).to_i
game = klass.new((1..players).map { |i| "Player #{i}" })

hexes = game.send(:optional_hexes).map do |colour, table|
  { 'colour' => colour.to_s,
    'groups' => table.map { |coords, code| { 'hexes' => Array(coords), 'code' => code } } }
end

counts = Hash.new(0)
unlimited = {}
game.tiles.each do |t|
  counts[t.name] += 1
  unlimited[t.name] = true if t.unlimited
end
tile_defs = game.send(:game_tiles)
tiles = counts.keys.map do |name|
  spec = tile_defs[name]
  entry = { 'name' => name, 'count' => unlimited[name] ? 'unlimited' : counts[name] }
  if spec.is_a?(Hash)
    entry.merge!('colour' => spec['color'].to_s, 'code' => spec['code'], 'own' => true)
  else
    colour, code = library_code(name)
    entry.merge!('colour' => colour, 'code' => code, 'own' => false)
  end
  entry
end

def abilities_of(entity)
  entity.abilities.map do |a|
    { 'type' => a.type.to_s, 'description' => a.description.to_s,
      'hexes' => a.respond_to?(:hexes) ? Array(a.hexes).map { |h| h.is_a?(Engine::Hex) ? h.id : h } : [] }
  end
end

# The title's corporations as the base engine makes them: a title's set-up may remove some at
# random (18SJ drops one of four), and any of them may be in a game.
base_corporations = begin
  Engine::Game::Base.instance_method(:init_corporations).bind(game).call(game.stock_market)
rescue StandardError
  []
end
# In the base engine's order, so that the same title gives the same dump whatever it drew.
def in_base_order(base, made)
  base.map { |b| made.find { |m| m.name == b.name } || b } +
    made.reject { |m| base.any? { |b| b.name == m.name } }
end
# corporations the title's set-up holds back (1894's late LF and LB) are made again from the
# title's own list
made = in_base_order(base_corporations, game.corporations)
held_back = game.send(:init_corporations, game.stock_market).reject do |c|
  made.any? { |k| k.name == c.name }
end
corporations = (made + held_back).map do |c|
  { 'sym' => c.name, 'name' => c.full_name, 'type' => c.type.to_s, 'tokens' => c.tokens.size,
    'coordinates' => plain(c.coordinates), 'city' => plain(c.city), 'color' => plain(c.color),
    'text_color' => plain(c.text_color), 'abilities' => abilities_of(c) }
end
# Corporations the title's setup creates outside its list, which the engine never floats: they
# run no trains, they hold tokens (18SJ's state railway SJ, which
# takes over nationalised corporations' tokens).
extra_corporations = game.instance_variables.filter_map do |v|
  c = game.instance_variable_get(v)
  next unless c.is_a?(Engine::Corporation) && !game.corporations.include?(c)
  next if base_corporations.any? { |b| b.name == c.name }

  { 'sym' => c.name, 'name' => c.full_name, 'type' => 'neutral', 'tokens' => c.tokens.size,
    'coordinates' => plain(c.coordinates), 'city' => plain(c.city), 'color' => plain(c.color),
    'text_color' => plain(c.text_color), 'abilities' => abilities_of(c), 'created' => true }
end
minors = (game.respond_to?(:minors) ? game.minors : []).map do |m|
  { 'sym' => m.name, 'name' => m.full_name, 'type' => 'minor', 'tokens' => m.tokens.size,
    'coordinates' => plain(m.coordinates), 'city' => plain(m.city), 'color' => plain(m.color),
    'text_color' => plain(m.text_color), 'abilities' => abilities_of(m) }
end
# tokens the title places at set-up for an entity that is no corporation or minor (18EU's
# neutral N in Hamburg): a neutral company of ours
known = (game.corporations + (game.respond_to?(:minors) ? game.minors : [])).map(&:name)
neutral_tokens = Hash.new { |h, k| h[k] = { 'hexes' => [], 'entity' => nil } }
game.hexes.each do |h|
  h.tile.cities.each do |city|
    city.tokens.compact.each do |tok|
      next if tok.corporation.nil? || known.include?(tok.corporation.name)

      neutral_tokens[tok.corporation.name]['hexes'] << h.id
      neutral_tokens[tok.corporation.name]['entity'] = tok.corporation
    end
  end
end
neutrals = neutral_tokens.map do |sym, v|
  e = v['entity']
  { 'sym' => sym, 'name' => e.full_name, 'tokens' => e.tokens.size, 'hexes' => v['hexes'] }
end

base_companies = begin
  Engine::Game::Base.instance_method(:init_companies).bind(game).call(game.players)
rescue StandardError
  []
end
companies = in_base_order(base_companies, game.companies).map do |c|
  { 'sym' => c.sym, 'name' => c.name, 'value' => c.value, 'revenue' => plain(c.revenue),
    'abilities' => abilities_of(c) }
end

trains = game.send(:game_trains).map { |t| plain(t) }
train_counts = Hash.new(0)
game.depot.trains.each { |t| train_counts[t.name] += 1 }
phases = game.send(:game_phases).map { |p| plain(p) }
# ENGINE_OPTIONS=a,b: the trains and phases a game with these optional rules adds (1836jr56's
# diesel_variant: the D and its phase), after the title's own, so that logs of either replay
options = (ENV['ENGINE_OPTIONS'] || '').split(',').map(&:to_sym)
unless options.empty?
  variant = klass.new((1..players).map { |i| "Player #{i}" }, optional_rules: options)
  added = variant.send(:game_trains).map { |t| plain(t) }.reject { |t| trains.any? { |x| x['name'] == t['name'] } }
  trains += added
  variant.depot.trains.each { |t| train_counts[t.name] += 1 if added.any? { |x| x['name'] == t.name } }
  phases += variant.send(:game_phases).map { |p| plain(p) }.reject { |p| phases.any? { |x| x['name'] == p['name'] } }
end

overrides = ROUTE_METHODS.filter_map do |m|
  next unless game.respond_to?(m, true)

  owner = game.method(m).owner
  next if owner == Engine::Game::Base

  { 'method' => m.to_s, 'owner' => owner.name.to_s }
end

names = {}
game.hexes.each { |h| names[h.id] = h.location_name if h.location_name && !h.location_name.empty? }

puts JSON.pretty_generate(
  'title' => klass.title, 'full_title' => klass.full_title, 'players' => players,
  'layout' => game.layout.to_s, 'axes' => plain(game.axes), 'hexes' => hexes,
  'location_names' => names.sort.to_h, 'tiles' => tiles, 'corporations' => corporations,
  'minors' => minors, 'neutrals' => neutrals, 'extra_corporations' => extra_corporations,
  'companies' => companies, 'trains' => trains,
  'train_counts' => train_counts.sort.to_h, 'phases' => phases,
  'route_overrides' => overrides
)
