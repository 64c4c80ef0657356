# Dev-time only: replay an 18xx.games log with the engine (tobymao/18xx lib/) and print one JSON
# line per run_routes action: the position just before it, in the terms of
# rusty_train_py/files/online/position.py (tiles hex -> [tile, rotation]; tokens hex ->
# [[city, slot, company]], slot "extra" for a token in a city's extra slot; trains company -> sorted train ids; phase name).
#   ENGINE_LOG_LEVEL=4 ruby -I<shim> -I<snapshot>/lib dump_positions.rb LOG.json NAME
require 'json'
require 'engine'

def position(game, action_id)
  tiles = {}
  tokens = {}
  game.hexes.each do |h|
    tiles[h.id] = [h.tile.name, h.tile.rotation] unless h.tile.preprinted
    h.tile.cities.each_with_index do |city, ci|
      city.tokens.each_with_index do |tok, slot|
        next unless tok

        # a neutral token (it blocks no route) is named "<company>:neutral"
        name = tok.corporation&.name
        name = "#{name}:neutral" if tok.type == :neutral
        (tokens[h.id] ||= []) << [ci, slot, name]
      end
    end
    # tokens in a city's extra slot (1870's destination tokens), after the spaces' tokens
    h.tile.cities.each_with_index do |city, ci|
      city.extra_tokens.each { |tok| (tokens[h.id] ||= []) << [ci, 'extra', tok.corporation&.name] }
    end
  end
  # 1861's RSR and 1867's CN (the national) are kept apart from game.corporations
  national = game.instance_variable_get(:@national)
  entities = (game.corporations + (game.respond_to?(:minors) ? game.minors : []) +
              [national].compact).uniq
  trains = entities.to_h { |e| [e.name, e.trains.map(&:id).sort] }.reject { |_, v| v.empty? }
  { 'action' => action_id, 'phase' => game.phase.name, 'tiles' => tiles.sort.to_h,
    'tokens' => tokens.sort.to_h, 'trains' => trains.sort.to_h }
end

data = JSON.parse(File.read(ARGV[0]))
name = ARGV[1] || File.basename(ARGV[0])
filtered, = Engine::Game::Base.filtered_actions(data['actions'])
live = filtered.compact.select { |a| a['type'] == 'run_routes' }.map { |a| a['id'] }
game = Engine::Game.load(data, at_action: 0)
live.each do |id|
  game.process_to_action(id - 1)
  if game.exception
    puts JSON.generate({ 'log' => name, 'action' => id, 'error' => game.exception.message })
    break
  end
  puts JSON.generate({ 'log' => name, **position(game, id) })
end
