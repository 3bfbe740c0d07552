module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '36em',
        'mantine-breakpoint-sm': '48em',
        'mantine-breakpoint-md': '62em',
        'mantine-breakpoint-lg': '75em',
        'mantine-breakpoint-xl': '88em',
        // The product's own breakpoints (spec part 1 §9): 600 px and 800 px.
        'pluvio-mobile': '37.5em',
        'pluvio-narrow': '50em',
      },
    },
  },
};
